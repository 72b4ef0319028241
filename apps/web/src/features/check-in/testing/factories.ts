import type { THabitLog, TTodayLogResponse } from '@habitrack/contracts/habits/log-habit';
import type { THabit } from '@habitrack/contracts/programmes/list-behaviours';

export function createHabit(overrides: Partial<THabit> = {}): THabit {
  return {
    id: crypto.randomUUID(),
    name: 'Daily Check-ins',
    description: 'A short one-on-one with each direct report.',
    instructions: 'Ask one open question and listen for the answer.',
    difficulty: 'medium',
    estimated_time_minutes: 15,
    default_duration_days: 60,
    tips: [],
    positive_changes: [
      { id: crypto.randomUUID(), name: 'Earlier warning of problems', description: null, category: 'team' },
      {
        id: crypto.randomUUID(),
        name: 'More engaged team',
        description: 'People speak up in meetings.',
        category: 'team',
      },
    ],
    ...overrides,
  };
}

export function createTodayLog(habit: THabit, overrides: Partial<TTodayLogResponse> = {}): TTodayLogResponse {
  return { habit, user_habit_id: crypto.randomUUID(), today: '2025-10-19', log: null, ...overrides };
}

export function createHabitLog(today: TTodayLogResponse, overrides: Partial<THabitLog> = {}): THabitLog {
  return {
    id: crypto.randomUUID(),
    user_habit_id: today.user_habit_id,
    habit_id: today.habit.id,
    log_date: today.today,
    log_type: 'completed',
    note: null,
    positive_change_id: null,
    ...overrides,
  };
}
