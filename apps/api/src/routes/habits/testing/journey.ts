import { expect } from 'vitest';
import type { App } from '../../../app.ts';
import type { Member, World } from '../../../test/world.ts';

// What the journey tests (history, forgotten days, pauses, the end of a frame) do through the API,
// with a clock each test moves: `clock.now` is what the app reads as now.
export type Clock = { now: Date };

export function journeyApi(app: App, world: () => World, clock: Clock) {
  const at = (instant: string) => (clock.now = new Date(instant));
  const call = (member: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: member.headers, ...(payload ? { payload } : {}) });

  async function memberWithHabit(options: { at: string; timeZone?: string; habit?: number } = { at: '' }) {
    at(options.at);
    const member = await world().person({ timeZone: options.timeZone ?? 'Europe/London' });
    const habit = world().habits[options.habit ?? 0]!;
    const selected = await call(member, 'POST', '/habits/select', { habit_id: habit.id });
    expect(selected.statusCode).toBe(201);
    return { member, habit, userHabitId: selected.json().id as string };
  }

  async function json(member: Member, url: string) {
    const response = await call(member, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  return {
    at,
    call,
    memberWithHabit,
    log: (member: Member, id: string, payload: Record<string, unknown>) =>
      call(member, 'POST', `/habits/${id}/log`, payload),
    pause: (member: Member, userHabitId: string, payload: Record<string, unknown>) =>
      call(member, 'POST', `/habits/${userHabitId}/pauses`, payload),
    cancel: (member: Member, userHabitId: string, pauseId: string) =>
      call(member, 'DELETE', `/habits/${userHabitId}/pauses/${pauseId}`),
    history: (member: Member, userHabitId: string) => json(member, `/habits/${userHabitId}/history`),
    dashboardHabits: async (member: Member) => (await json(member, '/dashboard/')).active_habits,
    completed: (member: Member) => json(member, '/habits/completed'),
    cohortEntry: async (viewer: Member, memberId: string) =>
      ((await json(viewer, '/social/cohort/members')) as { user: { id: string } }[]).find(
        (m) => m.user.id === memberId,
      ),
  };
}

// Logs `type` on each of the given local dates, moving the clock to noon (UTC) of each.
export async function logOnDays(
  api: ReturnType<typeof journeyApi>,
  member: Member,
  userHabitId: string,
  days: [date: string, type: 'completed' | 'skipped'][],
) {
  for (const [date, type] of days) {
    api.at(`${date}T12:00:00Z`);
    const response = await api.log(member, userHabitId, { log_type: type });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }
}
