import type { THabitHistoryResponse, THistoryDay } from '@habitrack/contracts/habits/get-habit-history';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export const USER_HABIT_ID = '7c1e4d2a-9b3f-4a5c-8d6e-1f2a3b4c5d6e';
export const CHANGE_ID = '3a4b5c6d-7e8f-4901-a2b3-c4d5e6f7a8b9';

// Started Sunday 1 November 2026, today Tuesday 10 November: completed 1–2 and 5–8, skipped the
// 3rd with a note, the 9th not logged, a pause planned for 20–22 November.
export function createHistory(overrides: Partial<THabitHistoryResponse> = {}): THabitHistoryResponse {
  const today = '2026-11-10';
  const start = '2026-11-01';
  const logs: Record<string, Partial<THistoryDay>> = {
    '2026-11-01': { state: 'completed' },
    '2026-11-02': {
      state: 'completed',
      note: 'Asked before answering',
      positive_change: { id: CHANGE_ID, name: 'Trust' },
    },
    '2026-11-03': { state: 'skipped', note: 'Travelling' },
    '2026-11-05': { state: 'completed' },
    '2026-11-06': { state: 'completed' },
    '2026-11-07': { state: 'completed' },
    '2026-11-08': { state: 'completed' },
  };
  const days: THistoryDay[] = Array.from({ length: 63 }, (_, i) => {
    const date = addDays(start, i);
    const paused = date >= '2026-11-20' && date <= '2026-11-22';
    const base: THistoryDay = {
      date,
      state: paused ? 'paused' : date > today ? 'future' : date === today ? 'today' : 'not_logged',
      note: null,
      positive_change: null,
      can_log: date >= '2026-11-08' && date <= today,
    };
    return { ...base, ...logs[date] };
  });
  return {
    user_habit_id: USER_HABIT_ID,
    habit_id: '1b2c3d4e-5f60-4718-9a0b-c1d2e3f4a5b6',
    habit_name: 'Active Listening',
    status: 'active',
    today,
    started_on: start,
    ends_on: '2027-01-02',
    total_days: 60,
    days_completed: 6,
    current_streak: 0,
    best_streak: 4,
    strength: 22,
    positive_changes_logged: 1,
    paused_days: 3,
    max_paused_days: 14,
    days,
    pauses: [{ id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9', from: '2026-11-20', to: '2026-11-22', cancellable: true }],
    positive_changes: [
      { id: CHANGE_ID, name: 'Trust', description: 'People tell you more.', category: 'Team' },
      { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', name: 'Clarity', description: null, category: 'Team' },
    ],
    ...overrides,
  };
}
