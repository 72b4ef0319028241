import type { TCompletedHabit } from '@habitrack/contracts/habits/list-completed-habits';

export function createCompletedHabit(overrides: Partial<TCompletedHabit> = {}): TCompletedHabit {
  return {
    user_habit_id: crypto.randomUUID(),
    habit_id: crypto.randomUUID(),
    habit_name: 'Active Listening',
    started_on: '2026-09-01',
    ended_on: '2026-10-30',
    days_completed: 48,
    total_days: 60,
    best_streak: 21,
    strength: 83,
    positive_changes_logged: 12,
    celebrated: false,
    ...overrides,
  };
}
