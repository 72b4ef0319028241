import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { queueEmails } from '../db/queries/notifications/outbox.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { MAX_ATTEMPTS, retryDelayMs, runOutboxOnce, startOutboxWorker } from './outbox-worker.ts';
import { folderTransport, type MailTransport, type OutgoingEmail } from './transport.ts';
import { pino } from 'pino';

const t0 = new Date('2026-05-01T09:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const silent = pino({ level: 'silent' });

function recordingTransport(options: { failWith?: string; delayMs?: number } = {}) {
  const sent: OutgoingEmail[] = [];
  const transport: MailTransport = {
    describe: 'test transport',
    send: async (email) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.failWith) throw new Error(options.failWith);
      sent.push(email);
    },
    close: () => {},
  };
  return { transport, sent };
}

const message = (key: string) => ({
  dedupeKey: key,
  toAddress: `${key}@example.test`,
  subject: `Subject ${key}`,
  textBody: 'Hello',
  htmlBody: '<p>Hello</p>',
  nextAttemptAt: t0,
});

describeEachDatabase('e-mail outbox worker', (getDatabase) => {
  beforeEach(async () => {
    await getDatabase().db.delete(emailOutbox);
  });

  it('leaves a failed message pending with the error, then sends it when it is due again', async () => {
    const db = getDatabase().db;
    await queueEmails(db, [message('retry')]);
    const down = recordingTransport({ failWith: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(await runOutboxOnce(db, down.transport, t0)).toEqual({ sent: 0, retrying: 1, failed: 0, more: false });
    const [failed] = await db.select().from(emailOutbox);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      nextAttemptAt: at(30_000),
      sentAt: null,
    });

    const up = recordingTransport();
    expect((await runOutboxOnce(db, up.transport, at(29_999))).sent).toBe(0);
    expect(await runOutboxOnce(db, up.transport, at(30_000))).toEqual({ sent: 1, retrying: 0, failed: 0, more: false });
    expect(up.sent.map((m) => m.to)).toEqual(['retry@example.test']);
    const [sent] = await db.select().from(emailOutbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, sentAt: at(30_000) });
  });

  it(`backs off exponentially and gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const db = getDatabase().db;
    await queueEmails(db, [message('doomed')]);
    const down = recordingTransport({ failWith: '550 mailbox unavailable' });
    const delays: number[] = [];
    let now = t0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runOutboxOnce(db, down.transport, now);
      const [row] = await db.select().from(emailOutbox);
      expect(row!.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        delays.push(row!.nextAttemptAt.getTime() - now.getTime());
        now = row!.nextAttemptAt;
      } else {
        expect(row).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable' });
      }
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920].map((s) => s * 1000));
    expect(retryDelayMs(20)).toBe(60 * 60_000);
    expect((await runOutboxOnce(db, recordingTransport().transport, at(86_400_000))).sent).toBe(0);
  });

  it('sends each message once when two workers run at the same time', async () => {
    const db = getDatabase().db;
    await queueEmails(
      db,
      Array.from({ length: 20 }, (_, i) => message(`parallel-${i}`)),
    );
    const a = recordingTransport({ delayMs: 5 });
    const b = recordingTransport({ delayMs: 5 });
    await Promise.all([runOutboxOnce(db, a.transport, t0), runOutboxOnce(db, b.transport, t0)]);
    const ids = [...a.sent, ...b.sent].map((m) => m.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'))).toHaveLength(20);
  });

  it('does not send a message another worker holds, until its lease ends', async () => {
    const db = getDatabase().db;
    await queueEmails(db, [message('leased')]);
    // A worker claimed it and died mid-send: the attempt is counted and the row is leased.
    await db.update(emailOutbox).set({ attempts: 1, nextAttemptAt: at(5 * 60_000) });
    const other = recordingTransport();
    expect((await runOutboxOnce(db, other.transport, at(60_000))).sent).toBe(0);
    expect((await runOutboxOnce(db, other.transport, at(5 * 60_000))).sent).toBe(1);
  });

  it('stops after the message in flight is sent and marked', async () => {
    const db = getDatabase().db;
    await queueEmails(db, [message('in-flight')]);
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const slow = recordingTransport({ delayMs: 300 });
    const transport: MailTransport = {
      ...slow.transport,
      send: (email) => {
        started();
        return slow.transport.send(email);
      },
    };
    const worker = startOutboxWorker({ db, transport, logger: silent, intervalMs: 10, now: () => t0 });
    await sending;
    await worker.stop();
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', sentAt: t0 });
    expect(slow.sent).toHaveLength(1);
  });

  it('writes each message as an .eml file into the developer mail folder', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'habitrack-mail-'));
    try {
      const transport = folderTransport({
        folder: path.join(folder, 'mail'),
        from: 'HabiTrack <no-reply@habitrack.local>',
      });
      await queueEmails(getDatabase().db, [message('folder')]);
      expect((await runOutboxOnce(getDatabase().db, transport, t0)).sent).toBe(1);
      const files = await readdir(path.join(folder, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(path.join(folder, 'mail', files[0]!), 'utf8');
      expect(eml).toMatch(/^To: folder@example\.test$/m);
      expect(eml).toMatch(/^Subject: Subject folder$/m);
      expect(eml).toMatch(/^From: HabiTrack <no-reply@habitrack\.local>$/m);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
