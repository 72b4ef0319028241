import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { habitPauses } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type World } from '../../test/world.ts';
import { journeyApi, logOnDays, type Clock } from './testing/journey.ts';

// From today on, never overlapping, at most 14 paused days per frame; a paused day is neither
// completed nor missed, the streak runs across it, it cannot be logged, and it moves the frame's
// end one day later (docs/domain/pauses.md). Cancelling removes the days not yet passed.
describeEachDatabase('pausing a habit', (getDatabase) => {
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

  const pausesOf = (userHabitId: string) =>
    getDatabase().db.select().from(habitPauses).where(eq(habitPauses.userHabitId, userHabitId));

  it('keeps the streak across paused days, leaves progress and strength alone and moves the end out', async () => {
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-01T12:00:00Z' });
    const mate = await world.person();
    await logOnDays(api, member, userHabitId, [
      ['2026-11-01', 'completed'],
      ['2026-11-02', 'completed'],
      ['2026-11-03', 'completed'],
      ['2026-11-04', 'completed'],
    ]);
    api.at('2026-11-05T08:00:00Z');
    const before = await api.history(member, userHabitId);
    const paused = await api.pause(member, userHabitId, { from: '2026-11-05', to: '2026-11-07' });
    expect(paused.statusCode, paused.body).toBe(201);
    expect(paused.json()).toMatchObject({
      user_habit_id: userHabitId,
      from: '2026-11-05',
      to: '2026-11-07',
      cancellable: true,
      frame_ends_on: '2027-01-02',
    });
    const history = await api.history(member, userHabitId);
    expect(history).toMatchObject({ ends_on: '2027-01-02', paused_days: 3, total_days: 60, strength: before.strength });
    expect(history.days).toHaveLength(63);
    const states = history.days.slice(3, 8).map((d: { state: string; can_log: boolean }) => [d.state, d.can_log]);
    expect(states).toEqual([
      ['completed', true],
      ['paused', false],
      ['paused', false],
      ['paused', false],
      ['future', false],
    ]);

    // A paused day cannot be logged.
    api.at('2026-11-06T12:00:00Z');
    const refused = await api.log(member, userHabitId, { log_type: 'completed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/paused day of this habit: paused days cannot be logged/);
    expect((await api.dashboardHabits(member))[0]).toMatchObject({
      current_streak: 4,
      days_completed: 4,
      paused_today: true,
    });
    expect(await api.cohortEntry(mate, member.id)).toMatchObject({ current_streak: 4 });

    // The day after the pause, not logged yet: the streak still stands; logged: it runs on.
    api.at('2026-11-08T09:00:00Z');
    expect((await api.dashboardHabits(member))[0]).toMatchObject({ current_streak: 4, paused_today: false });
    expect(await api.history(member, userHabitId)).toMatchObject({ current_streak: 4, strength: before.strength });
    const backfill = await api.log(member, userHabitId, { log_type: 'completed', log_date: '2026-11-07' });
    expect(backfill.statusCode).toBe(409);
    expect((await api.log(member, userHabitId, { log_type: 'completed' })).statusCode).toBe(201);
    expect((await api.dashboardHabits(member))[0]).toMatchObject({
      current_streak: 5,
      days_completed: 5,
      progress_percentage: 8,
    });
    expect(await api.cohortEntry(mate, member.id)).toMatchObject({ current_streak: 5, total_progress_percentage: 8 });
    expect(await api.history(member, userHabitId)).toMatchObject({ current_streak: 5, best_streak: 5 });
    api.at('2026-11-09T09:00:00Z');
    expect((await api.dashboardHabits(member))[0]).toMatchObject({ current_streak: 5 });
  });

  it('refuses pauses outside the limits with a clear 4xx and writes nothing', async () => {
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-01T12:00:00Z' });
    await logOnDays(api, member, userHabitId, [['2026-11-10', 'completed']]);
    expect((await api.pause(member, userHabitId, { from: '2026-11-12', to: '2026-11-21' })).statusCode).toBe(201);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ from: '2026-11-09', to: '2026-11-09' }, 409, /must start today or later/],
      [{ from: '2026-11-10', to: '2026-11-10' }, 409, /already logged 2026-11-10: a pause cannot include a logged day/],
      [{ from: '2026-11-20', to: '2026-11-22' }, 409, /overlaps your pause from 2026-11-12 to 2026-11-21/],
      [{ from: '2026-11-11', to: '2026-11-12' }, 409, /overlaps/],
      [{ from: '2026-11-23', to: '2026-11-27' }, 409, /at most 14 days per frame; 4 days are left/],
      [{ from: '2026-11-24', to: '2026-11-23' }, 400, /to must not be before from/],
      [{ from: '2026-12-01', to: '2026-12-15' }, 400, /at most 14 days/],
      [{ from: '2026-12-01' }, 400, /to/],
      [{ from: 'tomorrow', to: '2026-12-02' }, 400, /from/],
      [{ from: '2026-12-01', to: '2026-12-02', user_habit_id: randomUUID() }, 400, /user_habit_id|nrecognized/],
    ];
    for (const [payload, status, detail] of cases) {
      const response = await api.pause(member, userHabitId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().detail, JSON.stringify(payload)).toMatch(detail);
    }
    expect(await pausesOf(userHabitId)).toHaveLength(1);
    expect((await api.pause(member, userHabitId, { from: '2026-11-23', to: '2026-11-26' })).statusCode).toBe(201);
    const full = await api.pause(member, userHabitId, { from: '2026-12-20', to: '2026-12-20' });
    expect(full.json().detail).toMatch(/0 days are left/);
    expect((await api.history(member, userHabitId)).ends_on).toBe('2027-01-13');

    // After the end of the frame nothing can start.
    const fresh = await api.memberWithHabit({ at: '2026-11-01T12:00:00Z', habit: 1 });
    const late = await api.pause(fresh.member, fresh.userHabitId, { from: '2026-12-31', to: '2026-12-31' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/on or before the last day of the habit's frame, 2026-12-30/);
    // Someone else's habit, or one that never existed: 404.
    const other = await world.person();
    for (const id of [userHabitId, randomUUID()]) {
      const response = await api.pause(other, id, { from: '2026-11-28', to: '2026-11-28' });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('This habit is not one of yours.');
    }
    expect(await pausesOf(userHabitId)).toHaveLength(2);
  });

  it('cancels the days not yet passed: all of a pause not begun, the rest of one under way', async () => {
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-10T12:00:00Z' });
    const future = (await api.pause(member, userHabitId, { from: '2026-11-20', to: '2026-11-22' })).json();
    const current = (await api.pause(member, userHabitId, { from: '2026-11-10', to: '2026-11-13' })).json();
    expect(current.frame_ends_on).toBe('2027-01-15');
    const other = await world.person();
    expect((await api.cancel(other, userHabitId, future.id)).statusCode).toBe(404);
    expect((await api.cancel(member, userHabitId, randomUUID())).statusCode).toBe(404);

    expect((await api.cancel(member, userHabitId, future.id)).statusCode).toBe(204);
    api.at('2026-11-12T12:00:00Z');
    expect((await api.cancel(member, userHabitId, current.id)).statusCode).toBe(204);
    expect((await pausesOf(userHabitId)).map((p) => [p.startsOn, p.endsOn])).toEqual([['2026-11-10', '2026-11-11']]);
    const history = await api.history(member, userHabitId);
    expect(history).toMatchObject({ ends_on: '2027-01-10', paused_days: 2 });
    expect(history.pauses).toEqual([{ id: current.id, from: '2026-11-10', to: '2026-11-11', cancellable: false }]);
    // Today is no longer paused: it can be logged.
    expect((await api.log(member, userHabitId, { log_type: 'completed' })).statusCode).toBe(201);
    const over = await api.cancel(member, userHabitId, current.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toMatch(/ended on 2026-11-11: its days have passed/);
    const today = (await api.pause(member, userHabitId, { from: '2026-11-13', to: '2026-11-14' })).json();
    api.at('2026-11-13T12:00:00Z');
    expect((await api.cancel(member, userHabitId, today.id)).statusCode).toBe(204);
    expect(await pausesOf(userHabitId)).toHaveLength(1);
  });

  it('holds the 14-day limit when two pauses race', async () => {
    const { member, userHabitId } = await api.memberWithHabit({ at: '2026-11-10T12:00:00Z' });
    const answers = await Promise.all([
      api.pause(member, userHabitId, { from: '2026-11-11', to: '2026-11-20' }),
      api.pause(member, userHabitId, { from: '2026-11-21', to: '2026-11-30' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await pausesOf(userHabitId)).toHaveLength(1);
    expect((await api.history(member, userHabitId)).paused_days).toBe(10);
  });
});
