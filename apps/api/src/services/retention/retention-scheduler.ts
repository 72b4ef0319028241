import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { scheduleJob } from '../../lib/scheduled-job.ts';
import { runRetentionOnce } from './retention.service.ts';

export type RetentionScheduler = { stop: () => Promise<void> };

// Every hour (croner), in every process whose ROLE is worker or all: each organisation's run is
// claimed once per UTC date in the database, so the first tick of a date does the day's work and
// the others find it done (docs/domain/retention.md#when-it-runs). A failed tick is logged and the
// next hour tries again.
export function startRetentionScheduler(options: {
  db: DbOrTx;
  logger: FastifyBaseLogger;
  now?: () => Date;
  pattern?: string;
  tickAtStart?: boolean;
}): RetentionScheduler {
  const { db, logger } = options;
  const clock = options.now ?? (() => new Date());
  const tick = async () => {
    try {
      for (const run of await runRetentionOnce(db, { now: clock() })) logger.info({ retention: run }, 'retention ran');
    } catch (error) {
      logger.error({ err: error }, 'retention failed; the next hour tries again');
    }
  };
  return scheduleJob({
    name: 'retention',
    pattern: options.pattern ?? '23 * * * *',
    tickAtStart: options.tickAtStart,
    tick,
  });
}
