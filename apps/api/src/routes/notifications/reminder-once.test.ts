import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { runNotificationsOnce } from '../../services/notifications/notifications.service.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { startTestSmtpServer } from '../../mail/testing/smtp-server.ts';
import { spawnApi, waitUntilHealthy, type ApiProcess } from '../../test/api-process.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { claimsFor, outboxFor, reminderMember, SECRET, settings, type ReminderMember } from './testing/reminders.ts';

// Exactly once per member per local date, with several API instances ticking on one database. On
// PostgreSQL the second instance is a second connection pool to the same database (a second
// process would be no different to the database); on the embedded database, ticks of one process.
const MEMBERS = 30;
const dueAt = (day: number) => new Date(`2026-06-${String(day).padStart(2, '0')}T07:00:00Z`); // 08:00 in London

async function members(database: Database, issuers: TestIssuers, count: number): Promise<ReminderMember[]> {
  const out: ReminderMember[] = [];
  for (let i = 0; i < count; i++) {
    out.push(await reminderMember(database.db, issuers, { timeZone: 'Europe/London', startedOn: '2026-06-01' }));
  }
  return out;
}

async function expectOneEach(database: Database, people: ReminderMember[], date: string) {
  for (const member of people) {
    const sent = await outboxFor(database.db, member.id);
    expect(sent.map((m) => m.dedupeKey)).toEqual([`daily_reminder:${member.id}:${date}`]);
    expect(await claimsFor(database.db, member.id)).toHaveLength(1);
  }
}

describeEachDatabase('daily reminder: exactly once with several instances', (getDatabase) => {
  let issuers: TestIssuers;
  let second: Database;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    const database = getDatabase();
    second =
      database.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: database.pool.options.connectionString!, poolSize: 10 })
        : database;
  });
  afterAll(async () => {
    if (second !== getDatabase()) await second.close();
  });

  it(`queues one reminder for each of ${MEMBERS} members when two instances tick at once, twice`, async () => {
    const people = await members(getDatabase(), issuers, MEMBERS);
    const now = dueAt(10);
    const runs = await Promise.all([
      runNotificationsOnce(getDatabase().db, { ...settings, now }),
      runNotificationsOnce(second.db, { ...settings, now }),
      runNotificationsOnce(second.db, { ...settings, now: new Date(now.getTime() + 1_000) }),
      runNotificationsOnce(getDatabase().db, { ...settings, now: new Date(now.getTime() + 1_000) }),
    ]);
    // Other tests' members of this database may be due too: count only ours.
    expect(runs.reduce((n, run) => n + run.daily_reminder, 0)).toBeGreaterThanOrEqual(MEMBERS);
    await expectOneEach(getDatabase(), people, '2026-06-10');
  });
});

// Holding a claim open beside another instance needs two connections: PostgreSQL only (the
// embedded database is one connection in one process).
if (databaseKinds.includes('postgres')) {
  describe('daily reminder: claims between two instances on PostgreSQL', () => {
    let issuers: TestIssuers;
    let database: TestDatabase;
    let second: Database;
    beforeAll(async () => {
      issuers = await createTestIssuers();
      database = await createTestDatabase('postgres');
      if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
      second = await openDatabase({ kind: 'postgres', url: database.pool.options.connectionString!, poolSize: 10 });
    }, 60_000);
    afterAll(async () => {
      await second?.close();
      await database?.dispose();
    });

    it('an instance waits for the claims another holds; it sends nothing they were committed for', async () => {
      const people = await members(database, issuers, 5);
      const now = dueAt(11);
      let claimed!: () => void;
      let release!: () => void;
      const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const first = database.db.transaction(async (tx) => {
        const run = await runNotificationsOnce(tx, { ...settings, now });
        claimed();
        await released;
        return run;
      });
      await hasClaimed;
      let secondDone = false;
      const other = runNotificationsOnce(second.db, { ...settings, now }).finally(() => (secondDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone, 'the second instance waits on the uncommitted claims').toBe(false);
      release();
      expect((await first).daily_reminder).toBeGreaterThanOrEqual(people.length);
      await other;
      await expectOneEach(database, people, '2026-06-11');
    });

    it('queues one reminder per member when 30 ticks of two instances run at the same moment', async () => {
      const people = await members(database, issuers, 5);
      const now = dueAt(13);
      const ticks = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) =>
          runNotificationsOnce((i % 2 === 0 ? database : second).db, {
            ...settings,
            now: new Date(now.getTime() + (i % 3) * 1_000),
          }),
        ),
      );
      expect(ticks.filter((t) => t.status === 'rejected')).toEqual([]);
      await expectOneEach(database, people, '2026-06-13');
    });

    it('a claim that is rolled back (an instance dying mid-tick) leaves the reminder to another', async () => {
      const people = await members(database, issuers, 3);
      const now = dueAt(12);
      await expect(
        database.db.transaction(async (tx) => {
          await runNotificationsOnce(tx, { ...settings, now });
          throw new Error('the instance died');
        }),
      ).rejects.toThrow('the instance died');
      for (const member of people) expect(await outboxFor(database.db, member.id)).toEqual([]);
      await runNotificationsOnce(second.db, { ...settings, now: new Date(now.getTime() + 60_000) });
      await expectOneEach(database, people, '2026-06-12');
    });
  });
}

// The deployment's shape (docs/operations/deploy.md): two processes with ROLE=api and two with
// ROLE=worker, all real server processes on one PostgreSQL. The api processes never claim a reminder
// nor send an e-mail; the workers, starting at the same moment, queue each due reminder once and
// send each e-mail once.
if (databaseKinds.includes('postgres')) {
  describe('daily reminder: two api and two worker processes on PostgreSQL', () => {
    const COUNT = 8;
    let issuers: TestIssuers;
    let database: TestDatabase;
    let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
    const processes: ApiProcess[] = [];

    beforeAll(async () => {
      issuers = await createTestIssuers();
      database = await createTestDatabase('postgres');
      smtp = await startTestSmtpServer();
    }, 60_000);
    afterAll(async () => {
      for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await smtp?.close();
      await database?.dispose();
    });

    const start = async (role: 'api' | 'worker') => {
      if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
      const started = await spawnApi({
        database: { databaseUrl: database.pool.options.connectionString! },
        env: {
          ROLE: role,
          MIGRATE_ON_START: 'off',
          LOG_LEVEL: 'info',
          DEMO_SEED: 'off',
          SMTP_URL: smtp.url,
          UNSUBSCRIBE_SECRET: SECRET,
          PUBLIC_URL: settings.publicUrl,
        },
      });
      processes.push(started);
      return started;
    };

    it('queues and sends each due reminder exactly once, only from the workers', async () => {
      // Members whose reminder fell due this quarter hour: in a whole-hour zone where it is now 08:mm,
      // with the reminder at the quarter hour just past (times go in steps of 15 minutes), so the
      // hour's catch-up window still has at least 45 minutes to run.
      const now = new Date();
      const offset = ((8 - now.getUTCHours() + 36) % 24) - 12; // local = UTC + offset, -12..11
      const timeZone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
      const time = `08:${String(now.getUTCMinutes() - (now.getUTCMinutes() % 15)).padStart(2, '0')}`;
      const people: ReminderMember[] = [];
      for (let i = 0; i < COUNT; i++) {
        people.push(
          await reminderMember(database.db, issuers, {
            timeZone,
            startedOn: new Date(Date.parse(today) - 3 * 86_400_000).toISOString().slice(0, 10),
            time,
          }),
        );
      }
      const addresses = new Set(people.map((p) => p.email));
      const ours = () => smtp.received.filter((mail) => mail.to.some((to) => addresses.has(to)));

      const apis = await Promise.all([start('api'), start('api')]);
      await Promise.all(apis.map((api) => waitUntilHealthy(api, 120_000)));
      // Longer than a worker takes from healthy to its first tick and its first outbox poll.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      for (const member of people) expect(await claimsFor(database.db, member.id)).toEqual([]);
      expect(ours()).toEqual([]);

      const workers = await Promise.all([start('worker'), start('worker')]);
      await Promise.all(workers.map((worker) => waitUntilHealthy(worker, 120_000)));
      const deadline = Date.now() + 60_000;
      while (ours().length < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // Time for a second copy to arrive, were one on its way (the outbox polls every 5 s).
      await new Promise((resolve) => setTimeout(resolve, 6_000));

      await expectOneEach(database, people, today);
      const delivered = ours().flatMap((mail) => mail.to);
      expect(delivered.sort()).toEqual([...addresses].sort());
      for (const member of people) {
        const [sent] = await outboxFor(database.db, member.id);
        expect(sent?.sentAt, member.email).toBeTruthy();
      }

      // Each drains and exits cleanly on SIGTERM.
      for (const p of [...apis, ...workers]) p.child.kill('SIGTERM');
      const exits = await Promise.all([...apis, ...workers].map((p) => p.exited));
      expect(exits).toEqual(Array(4).fill({ code: 0, signal: null }));
      const logs = [...apis, ...workers].map((p) => p.output());
      for (const log of logs.slice(0, 2))
        expect(log).not.toMatch(/notification scheduler started|outbox worker started/);
      for (const log of logs.slice(2)) expect(log).toMatch(/notification scheduler started/);
    }, 360_000);
  });
}
