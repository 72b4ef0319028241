import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { countQueries, createWorld, type World } from '../../test/world.ts';
import { journeyApi, logOnDays, type Clock } from './testing/journey.ts';

// The strength of decision 014 computed independently: 1 for completed, 0 for missed, each day
// weighing 1 - 2^(-1/14).
function expectedStrength(days: ('C' | 'M')[]): number {
  const alpha = 1 - Math.pow(0.5, 1 / 14);
  let s = 0;
  for (const d of days) s = d === 'C' ? s + alpha * (1 - s) : s * (1 - alpha);
  return Math.round(100 * s);
}

describeEachDatabase('habit history API', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;
  const clock: Clock = { now: new Date('2026-11-01T12:00:00Z') };
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

  it('shows the whole frame, one local date each, with the figures beside it', async () => {
    const { member, userHabitId, habit } = await api.memberWithHabit({ at: '2026-11-01T12:00:00Z' });
    await logOnDays(api, member, userHabitId, [
      ['2026-11-01', 'completed'],
      ['2026-11-05', 'completed'],
      ['2026-11-06', 'completed'],
      ['2026-11-07', 'completed'],
      ['2026-11-08', 'completed'],
    ]);
    const { positive_changes: changes } = await api.history(member, userHabitId);
    api.at('2026-11-03T20:00:00Z');
    expect(
      (
        await api.log(member, userHabitId, {
          log_type: 'completed',
          log_date: '2026-11-02',
          note: 'Asked before answering',
          positive_change_id: changes[1].id,
        })
      ).statusCode,
    ).toBe(201);
    expect((await api.log(member, userHabitId, { log_type: 'skipped', note: 'Travelling' })).statusCode).toBe(201);

    api.at('2026-11-10T12:00:00Z');
    const history = await api.history(member, userHabitId);
    expect(history).toMatchObject({
      user_habit_id: userHabitId,
      habit_id: habit.id,
      habit_name: habit.name,
      status: 'active',
      today: '2026-11-10',
      started_on: '2026-11-01',
      ends_on: '2026-12-30',
      total_days: 60,
      days_completed: 6,
      // Yesterday has no log: the run of four ending on the 8th is over.
      current_streak: 0,
      best_streak: 4,
      strength: expectedStrength(['C', 'C', 'M', 'M', 'C', 'C', 'C', 'C', 'M']),
      positive_changes_logged: 1,
      paused_days: 0,
      max_paused_days: 14,
      pauses: [],
    });
    expect(history.days).toHaveLength(60);
    const byDate = new Map(history.days.map((d: { date: string }) => [d.date, d]));
    expect(byDate.get('2026-11-02')).toEqual({
      date: '2026-11-02',
      state: 'completed',
      note: 'Asked before answering',
      positive_change: { id: changes[1].id, name: changes[1].name },
      can_log: false,
    });
    expect(byDate.get('2026-11-03')).toMatchObject({ state: 'skipped', note: 'Travelling' });
    expect(byDate.get('2026-11-04')).toMatchObject({ state: 'not_logged', note: null });
    expect(byDate.get('2026-11-10')).toMatchObject({ state: 'today', can_log: true });
    expect(byDate.get('2026-11-11')).toMatchObject({ state: 'future', can_log: false });
    const loggable = history.days.filter((d: { can_log: boolean }) => d.can_log).map((d: { date: string }) => d.date);
    expect(loggable).toEqual(['2026-11-08', '2026-11-09', '2026-11-10']);

    // The dashboard says the same of the habit.
    const [card] = await api.dashboardHabits(member);
    expect(card).toMatchObject({ id: userHabitId, current_streak: 0, days_completed: 6, total_days: 60 });
    await logOnDays(api, member, userHabitId, [['2026-11-10', 'completed']]);
    expect((await api.history(member, userHabitId)).current_streak).toBe(1);
    expect((await api.dashboardHabits(member))[0].current_streak).toBe(1);
  });

  it('reads a long history with as many statements as a short one', async () => {
    const short = await api.memberWithHabit({ at: '2026-09-20T12:00:00Z' });
    const long = await api.memberWithHabit({ at: '2026-08-01T12:00:00Z' });
    const days = (from: string, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const d = new Date(`${from}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + i);
        return [d.toISOString().slice(0, 10), 'completed'] as [string, 'completed'];
      });
    await logOnDays(api, long.member, long.userHabitId, days('2026-08-01', 55));
    await logOnDays(api, short.member, short.userHabitId, days('2026-09-20', 3));
    api.at('2026-09-24T12:00:00Z');
    const { queries } = getDatabase();
    await api.history(long.member, long.userHabitId);
    await api.history(short.member, short.userHabitId);
    const longCount = await countQueries(queries, () => api.history(long.member, long.userHabitId));
    const shortCount = await countQueries(queries, () => api.history(short.member, short.userHabitId));
    expect(longCount).toBe(shortCount);
    expect(longCount).toBeLessThanOrEqual(2);
    expect(await api.history(long.member, long.userHabitId)).toMatchObject({ days_completed: 55, best_streak: 55 });
  });

  it("answers 404 for another member's habit or one that never existed, 400 for a malformed id", async () => {
    const { userHabitId } = await api.memberWithHabit({ at: '2026-11-01T12:00:00Z' });
    const other = await world.person();
    const theirs = await api.call(other, 'GET', `/habits/${userHabitId}/history`);
    const none = await api.call(other, 'GET', `/habits/${randomUUID()}/history`);
    expect(theirs.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect(theirs.json().detail).toMatch(/not one of yours/);
    const malformed = await api.call(other, 'GET', '/habits/not-a-uuid/history');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/userHabitId/);
  });
});
