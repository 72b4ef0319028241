import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { habitLogs } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type World } from '../../test/world.ts';
import { journeyApi, logOnDays, type Clock } from './testing/journey.ts';

// Today and the two local dates before it, never before the habit's start, never the future;
// streak, progress, leaderboard and dashboard follow
// (docs/domain/check-ins.md#which-days-can-be-logged).
describeEachDatabase('logging a forgotten day', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;
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

  const logsOf = (userHabitId: string) =>
    getDatabase().db.select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabitId));

  it('logs the day before yesterday and changes yesterday; streak, progress, leaderboard and dashboard follow', async () => {
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-10T12:00:00Z' });
    const mate = await world.person();
    await logOnDays(api, member, userHabitId, [
      ['2026-11-10', 'completed'],
      ['2026-11-11', 'completed'],
      ['2026-11-13', 'completed'],
    ]);
    api.at('2026-11-14T09:00:00Z');
    expect((await api.dashboardHabits(member))[0]).toMatchObject({ current_streak: 1, days_completed: 3 });
    expect(await api.cohortEntry(mate, member.id)).toMatchObject({ current_streak: 1, total_progress_percentage: 5 });

    const backfilled = await api.log(member, userHabitId, {
      log_type: 'completed',
      log_date: '2026-11-12',
      note: 'Forgot to log it',
    });
    expect(backfilled.statusCode).toBe(201);
    expect(backfilled.json()).toMatchObject({ log_date: '2026-11-12', note: 'Forgot to log it' });
    expect((await api.dashboardHabits(member))[0]).toMatchObject({
      current_streak: 4,
      days_completed: 4,
      progress_percentage: 7,
    });
    expect(await api.cohortEntry(mate, member.id)).toMatchObject({ current_streak: 4, total_progress_percentage: 7 });
    expect(await api.history(member, userHabitId)).toMatchObject({ current_streak: 4, best_streak: 4 });

    // Yesterday changed to "did not do it": the same row, and the streak ends.
    const changed = await api.log(member, userHabitId, { log_type: 'skipped', log_date: '2026-11-13' });
    expect(changed.statusCode).toBe(200);
    expect((await api.dashboardHabits(member))[0]).toMatchObject({ current_streak: 0, days_completed: 3 });
    expect(await api.cohortEntry(mate, member.id)).toMatchObject({ current_streak: 0, total_progress_percentage: 5 });
    expect(await logsOf(userHabitId)).toHaveLength(4);
  });

  it('refuses three days ago, the future and before the start with a clear 4xx, and writes nothing', async () => {
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-10T12:00:00Z' });
    const late = await api.memberWithHabit({ at: '2026-11-14T12:00:00Z' });
    api.at('2026-11-14T23:30:00Z');
    const cases: [string, string, number, RegExp][] = [
      [userHabitId, '2026-11-11', 409, /at most 2 days late: you can log today and the 2 days before it/],
      [userHabitId, '2026-11-01', 409, /at most 2 days late/],
      [userHabitId, '2026-11-15', 400, /future/],
      [late.userHabitId, '2026-11-13', 409, /before you started this habit/],
      [userHabitId, '2026-02-30', 400, /log_date/],
    ];
    for (const [id, date, status, detail] of cases) {
      const who = id === userHabitId ? member : late.member;
      const response = await api.log(who, id, { log_type: 'completed', log_date: date });
      expect(response.statusCode, date).toBe(status);
      expect(response.json().detail, date).toMatch(detail);
    }
    expect(await logsOf(userHabitId)).toHaveLength(0);
    expect(await logsOf(late.userHabitId)).toHaveLength(0);
    // The limits themselves: the oldest date allowed, and the member's own midnight.
    expect((await api.log(member, userHabitId, { log_type: 'completed', log_date: '2026-11-12' })).statusCode).toBe(
      201,
    );
    api.at('2026-11-15T00:30:00Z');
    const day = await api.log(member, userHabitId, { log_type: 'completed', log_date: '2026-11-12' });
    expect(day.statusCode).toBe(409);
  });
});
