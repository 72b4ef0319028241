import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { habitLogs, habitPauses } from '../../db/schema/index.ts';
import { PAUSED_DAY_CONSTRAINT, violatesConstraint } from '../../lib/constraint-violation.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type World } from '../../test/world.ts';
import { journeyApi, type Clock } from './testing/journey.ts';

// A day of a habit is paused or logged, never both, whatever reaches the database first
// (docs/domain/pauses.md#concurrency, migration 0021).
describeEachDatabase('a day is paused or logged, held by the database', (getDatabase) => {
  let issuers: TestIssuers;
  let world: World;
  let app: App;
  const clock: Clock = { now: new Date('2026-11-10T12:00:00Z') };
  let api: ReturnType<typeof journeyApi>;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => clock.now });
    world = await createWorld(getDatabase().db, issuers);
    api = journeyApi(app, () => world, clock);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a log written on a paused day and a pause written over a logged day', async () => {
    const { db } = getDatabase();
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-10T12:00:00Z' });
    expect((await api.pause(member, userHabitId, { from: '2026-11-12', to: '2026-11-13' })).statusCode).toBe(201);
    expect((await api.log(member, userHabitId, { log_type: 'completed' })).statusCode).toBe(201);

    const logOnPausedDay = db.insert(habitLogs).values({ userHabitId, logDate: '2026-11-12', logType: 'completed' });
    const refusedLog = await logOnPausedDay.then(
      () => null,
      (error: unknown) => error,
    );
    expect(violatesConstraint(refusedLog, PAUSED_DAY_CONSTRAINT), String(refusedLog)).toBe(true);
    const moved = db
      .update(habitLogs)
      .set({ logDate: '2026-11-13' })
      .where(eq(habitLogs.userHabitId, userHabitId))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(violatesConstraint(await moved, PAUSED_DAY_CONSTRAINT)).toBe(true);

    const pauseOverLog = await db
      .insert(habitPauses)
      .values({ userHabitId, startsOn: '2026-11-10', endsOn: '2026-11-10' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(violatesConstraint(pauseOverLog, 'habit_pauses_not_on_logged_day'), String(pauseOverLog)).toBe(true);

    const logs = await db.select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabitId));
    expect(logs.map((l) => l.logDate)).toEqual(['2026-11-10']);
    const pauses = await db.select().from(habitPauses).where(eq(habitPauses.userHabitId, userHabitId));
    expect(pauses.map((p) => [p.startsOn, p.endsOn])).toEqual([['2026-11-12', '2026-11-13']]);
  });
});

// Two API instances (two connection pools on one database) receive 30 requests for one habit and
// day at the same moment, half pauses and half check-ins: exactly one kind wins; the others are
// refused with a 409 a member can read; the day ends paused or logged, never both.
if (databaseKinds.includes('postgres')) {
  describe('pauses racing check-ins for one day on PostgreSQL', () => {
    const REQUESTS = 30;
    let issuers: TestIssuers;
    let database: TestDatabase;
    let second: Database;
    let apps: App[];
    let world: World;
    const clock: Clock = { now: new Date('2026-11-10T12:00:00Z') };
    let api: ReturnType<typeof journeyApi>[];

    beforeAll(async () => {
      issuers = await createTestIssuers();
      database = await createTestDatabase('postgres');
      if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
      second = await openDatabase({ kind: 'postgres', url: database.pool.options.connectionString!, poolSize: 15 });
      apps = [
        await createTestApp(database, { keySets: issuers.keySets, now: () => clock.now }),
        await createTestApp(second, { keySets: issuers.keySets, now: () => clock.now }),
      ];
      world = await createWorld(database.db, issuers);
      api = apps.map((app) => journeyApi(app, () => world, clock));
    }, 60_000);
    afterAll(async () => {
      for (const app of apps ?? []) await app.close();
      await second?.close();
      await database?.dispose();
    });

    it('lets exactly one kind win, answers the others 409 and leaves the day paused or logged', async () => {
      const winners = new Set<string>();
      // A few members, so both orders are likely to be seen; each race is one habit and one day.
      for (let round = 0; round < 3; round++) {
        const { member, userHabitId } = await api[0]!.memberWithHabit({ at: '2026-11-10T12:00:00Z' });
        const answers = await Promise.all(
          Array.from({ length: REQUESTS }, (_, i) => {
            const instance = api[i % 2]!;
            return i % 4 < 2
              ? instance
                  .pause(member, userHabitId, { from: '2026-11-10', to: '2026-11-10' })
                  .then((r) => ['pause', r] as const)
              : instance.log(member, userHabitId, { log_type: 'completed' }).then((r) => ['log', r] as const);
          }),
        );
        const statuses = answers.map(([kind, r]) => `${kind} ${r.statusCode}`);
        for (const [, r] of answers) expect([200, 201, 409], r.body).toContain(r.statusCode);
        const pausesWon = answers.filter(([kind, r]) => kind === 'pause' && r.statusCode === 201).length;
        const logsWon = answers.filter(([kind, r]) => kind === 'log' && r.statusCode < 300).length;
        const logs = await database.db.select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabitId));
        const pauses = await database.db.select().from(habitPauses).where(eq(habitPauses.userHabitId, userHabitId));
        if (pausesWon > 0) {
          winners.add('pause');
          expect({ pausesWon, logsWon, logs: logs.length, pauses: pauses.length }, statuses.join(', ')).toEqual({
            pausesWon: 1,
            logsWon: 0,
            logs: 0,
            pauses: 1,
          });
          for (const [kind, r] of answers.filter(([, r]) => r.statusCode === 409)) {
            expect(r.json().detail).toMatch(
              kind === 'log'
                ? /^Tuesday,? 10 November 2026 is a paused day of this habit: paused days cannot be logged\.$/
                : /overlaps your pause from 2026-11-10 to 2026-11-10/,
            );
          }
        } else {
          winners.add('log');
          expect(logsWon, statuses.join(', ')).toBeGreaterThan(0);
          expect({ logs: logs.map((l) => l.logDate), pauses: pauses.length }).toEqual({
            logs: ['2026-11-10'],
            pauses: 0,
          });
          for (const [kind, r] of answers.filter(([, r]) => r.statusCode === 409)) {
            expect(kind).toBe('pause');
            expect(r.json().detail).toBe('You have already logged 2026-11-10: a pause cannot include a logged day.');
          }
        }
        // The habit's stored frame agrees with what was written.
        const history = await api[1]!.history(member, userHabitId);
        expect(history.paused_days).toBe(pauses.length);
      }
      expect(winners.size).toBeGreaterThan(0);
    }, 60_000);
  });
}
