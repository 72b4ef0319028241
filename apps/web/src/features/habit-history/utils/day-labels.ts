import { fullDate } from '../../../lib/calendar-day.ts';
import type { THistoryDayState } from '@habitrack/contracts/habits/get-habit-history';

// Each state has a word and a mark of its own shape, so the grid never relies on colour alone.
export const STATE_LABELS: Record<THistoryDayState, string> = {
  completed: 'Completed',
  skipped: "Didn't do it",
  paused: 'Paused',
  not_logged: 'Not logged',
  today: 'Today, not logged yet',
  future: 'Still to come',
};

export const STATE_MARKS: Record<THistoryDayState, string> = {
  completed: '✓',
  skipped: '✕',
  paused: '‖',
  not_logged: '–',
  today: '○',
  future: '',
};

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

export function dayOfMonth(date: string): number {
  return asDate(date).getUTCDate();
}

// The day's name for a screen reader: its date, its state, and whether it is today.
export function dayLabel(day: { date: string; state: THistoryDayState }, today: string): string {
  const isToday = day.date === today;
  const state = day.state === 'today' ? 'not logged yet' : STATE_LABELS[day.state];
  return `${fullDate(day.date)}${isToday ? ', today' : ''}: ${state}`;
}
