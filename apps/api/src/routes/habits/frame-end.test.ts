import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { userHabits } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type World } from '../../test/world.ts';
import { journeyApi, logOnDays, type Clock } from './testing/journey.ts';

// After start + 60 - 1 + paused days the habit is completed: no longer active, no longer logged,
// its history kept; selecting it again starts a new frame
// (docs/domain/habits-and-the-frame.md#end-of-the-frame).
describeEachDatabase('the end of a frame', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;
  const clock: Clock = { now: new Date('2026-09-01T12:00:00Z') };
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

  it('completes the habit after its last day: it leaves the active habits and keeps its history', async () => {
    const { member, userHabitId, habit } = await api.memberWithHabit({ at: '2026-09-01T12:00:00Z' });
    const mate = await world.person();
    await logOnDays(api, member, userHabitId, [
      ['2026-09-01', 'completed'],
      ['2026-10-28', 'completed'],
      ['2026-10-29', 'completed'],
    ]);
    const [change] = (await api.history(member, userHabitId)).positive_changes;
    api.at('2026-10-30T20:00:00Z');
    await api.log(member, userHabitId, { log_type: 'completed', positive_change_id: change.id });
    expect(await api.dashboardHabits(member)).toHaveLength(1);
    expect(await api.completed(member)).toEqual([]);

    api.at('2026-10-31T08:00:00Z');
    expect(await api.dashboardHabits(member)).toEqual([]);
    expect((await api.call(member, 'GET', '/habits/my-active')).json()).toEqual([]);
    expect((await api.call(member, 'GET', '/auth/user-flow-status')).json()).toMatchObject({
      has_active_habits: false,
      navigation_path: 'onboarding',
    });
    expect(await api.cohortEntry(mate, member.id)).toMatchObject({ active_habits: [], total_progress_percentage: 0 });
    for (const payload of [{ log_type: 'completed' }, { log_type: 'completed', log_date: '2026-10-30' }]) {
      const refused = await api.log(member, userHabitId, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/frame ended on Friday, 30 October 2026: it is completed/);
    }
    expect((await api.call(member, 'GET', `/habits/${userHabitId}/log/today`)).statusCode).toBe(404);
    const pause = await api.pause(member, userHabitId, { from: '2026-11-01', to: '2026-11-02' });
    expect(pause.statusCode).toBe(409);

    const history = await api.history(member, userHabitId);
    expect(history).toMatchObject({ status: 'completed', ends_on: '2026-10-30', days_completed: 4, best_streak: 3 });
    expect(history.days).toHaveLength(60);
    expect(history.days.some((d: { can_log: boolean }) => d.can_log)).toBe(false);
    expect(history.days.at(-1)).toMatchObject({ date: '2026-10-30', state: 'completed' });
    expect(await api.completed(member)).toEqual([
      {
        user_habit_id: userHabitId,
        habit_id: habit.id,
        habit_name: habit.name,
        started_on: '2026-09-01',
        ended_on: '2026-10-30',
        days_completed: 4,
        total_days: 60,
        best_streak: 3,
        strength: history.strength,
        positive_changes_logged: 1,
        celebrated: false,
      },
    ]);

    // The celebration is shown once.
    const celebrate = () => api.call(member, 'POST', `/habits/${userHabitId}/celebration`);
    expect((await celebrate()).statusCode).toBe(204);
    expect((await celebrate()).statusCode).toBe(204);
    expect((await api.completed(member))[0].celebrated).toBe(true);
    const other = await world.person();
    for (const id of [userHabitId, randomUUID()]) {
      expect((await api.call(other, 'POST', `/habits/${id}/celebration`)).statusCode).toBe(404);
    }

    // Starting it again: a new user habit with a new frame; the old one stays completed.
    const again = await api.call(member, 'POST', '/habits/select', { habit_id: habit.id });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(userHabitId);
    expect(again.json()).toMatchObject({ started_on: '2026-10-31', target_days: 60 });
    const [old] = await getDatabase().db.select().from(userHabits).where(eq(userHabits.id, userHabitId));
    expect(old).toMatchObject({ status: 'completed', slot: null });
    expect((await api.completed(member)).map((c: { user_habit_id: string }) => c.user_habit_id)).toEqual([userHabitId]);
    expect(await api.dashboardHabits(member)).toMatchObject([{ id: again.json().id, days_completed: 0 }]);
    const early = await api.call(member, 'POST', `/habits/${again.json().id}/celebration`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/not completed yet: its frame ends on 2026-12-29/);
  });

  it('frees the slots of completed habits for new ones', async () => {
    api.at('2026-09-01T12:00:00Z');
    const member = await world.person();
    for (const habit of world.habits.slice(0, 3)) {
      expect((await api.call(member, 'POST', '/habits/select', { habit_id: habit.id })).statusCode).toBe(201);
    }
    const fourth = { habit_id: world.habits[3]!.id };
    api.at('2026-10-30T12:00:00Z');
    expect((await api.call(member, 'POST', '/habits/select', fourth)).statusCode).toBe(409);
    api.at('2026-10-31T12:00:00Z');
    expect((await api.call(member, 'POST', '/habits/select', fourth)).statusCode).toBe(201);
    expect(await api.dashboardHabits(member)).toHaveLength(1);
    expect(await api.completed(member)).toHaveLength(3);
  });

  it("ends a paused frame later, on the member's own date", async () => {
    // Selected at noon on 1 September in Auckland (UTC+12 then).
    const { member, userHabitId } = await api.memberWithHabit({
      at: '2026-09-01T00:00:00Z',
      timeZone: 'Pacific/Auckland',
    });
    expect((await api.pause(member, userHabitId, { from: '2026-09-02', to: '2026-09-05' })).statusCode).toBe(201);
    // 23:30 on 3 November in Auckland (UTC+13): the last day of the frame, 4 days later than 30 October.
    api.at('2026-11-03T10:30:00Z');
    expect(await api.dashboardHabits(member)).toHaveLength(1);
    // 00:30 on 4 November there: completed, though it is still 3 November in London.
    api.at('2026-11-03T11:30:00Z');
    expect(await api.dashboardHabits(member)).toEqual([]);
    expect((await api.history(member, userHabitId)).status).toBe('completed');
  });
});
