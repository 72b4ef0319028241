import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { claimNextDue, markAttemptFailed, markSent } from '../db/queries/notifications/outbox.ts';
import type { MailTransport } from './transport.ts';

// Delivery of email_outbox rows (docs/operations/email.md). At least once: a message whose send
// succeeded but whose "sent" mark was lost (crash, database gone) is sent again after its lease.
export const MAX_ATTEMPTS = 8;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
// Longer than the SMTP transport's timeouts allow one send to take.
export const LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 50;
const ERROR_MAX = 1000;

// 30 s after the first failed attempt, then 1, 2, 4 ... minutes, at most an hour apart.
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);

export type OutboxRun = { sent: number; retrying: number; failed: number; more: boolean };
type Clock = Date | (() => Date);

// Sends what is due now, one claimed row at a time, up to a batch. `now` is a fixed instant (tests)
// or a clock (the worker, whose batch may take a while).
export async function runOutboxOnce(
  db: DbOrTx,
  transport: MailTransport,
  now: Clock,
  options: { logger?: FastifyBaseLogger; signal?: AbortSignal; batchSize?: number } = {},
): Promise<OutboxRun> {
  const clock = typeof now === 'function' ? now : () => now;
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0, more: false };
  const batchSize = options.batchSize ?? BATCH_SIZE;
  for (let n = 0; n < batchSize; n++) {
    if (options.signal?.aborted) return run;
    const claimedAt = clock();
    const row = await claimNextDue(db, { now: claimedAt, leaseUntil: new Date(claimedAt.getTime() + LEASE_MS) });
    if (!row) return run;
    try {
      await transport.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: row.headers,
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX) || 'unknown error';
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const retryAt = giveUp ? null : new Date(clock().getTime() + retryDelayMs(row.attempts));
      await markAttemptFailed(db, { id: row.id, error: message, retryAt });
      options.logger?.warn(
        { outboxId: row.id, to: row.toAddress, attempts: row.attempts, retryAt, error: message },
        giveUp ? 'e-mail failed for good' : 'e-mail attempt failed; will retry',
      );
      if (giveUp) run.failed++;
      else run.retrying++;
      continue;
    }
    await markSent(db, { id: row.id, now: clock() });
    run.sent++;
  }
  run.more = true;
  return run;
}

export type OutboxWorker = { stop: () => Promise<void> };

// Polls the outbox every intervalMs (at once again while a full batch was due). stop() lets the
// message being sent finish, then closes the transport.
export function startOutboxWorker(options: {
  db: DbOrTx;
  transport: MailTransport;
  logger: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
}): OutboxWorker {
  const { db, transport, logger } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;

  const tick = async (): Promise<number> => {
    try {
      const run = await runOutboxOnce(db, transport, options.now ?? (() => new Date()), {
        logger,
        signal: abort.signal,
      });
      if (run.sent || run.retrying || run.failed) logger.info(run, 'outbox run');
      return run.more ? 0 : intervalMs;
    } catch (error) {
      logger.error({ err: error }, 'outbox run failed; trying again later');
      return intervalMs;
    }
  };
  const schedule = (delay: number) => {
    if (abort.signal.aborted) return;
    timer = setTimeout(() => {
      inFlight = tick().then((next) => {
        inFlight = null;
        schedule(next);
      });
    }, delay);
  };

  logger.info({ transport: transport.describe }, 'outbox worker started');
  schedule(0);
  return {
    stop: async () => {
      abort.abort();
      clearTimeout(timer);
      await inFlight;
      transport.close();
      logger.info('outbox worker stopped');
    },
  };
}
