import type { THistoryDay } from '@habitrack/contracts/habits/get-habit-history';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

// Monday 0 … Sunday 6.
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

// The frame's days in calendar weeks, Monday first; null fills the days of the first and last
// weeks outside the frame.
export function calendarWeeks(days: readonly THistoryDay[]): (THistoryDay | null)[][] {
  const first = days[0];
  if (!first) return [];
  const cells: (THistoryDay | null)[] = [...Array<null>(weekdayIndex(first.date)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (THistoryDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// Where a key moves the focus in the grid, as a change of index into the frame's days (null: the
// key is not the grid's).
export function keyMove(key: string, index: number, days: readonly THistoryDay[]): number | null {
  const day = days[index];
  const weekday = day ? weekdayIndex(day.date) : 0;
  const moves: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
    PageUp: -28,
    PageDown: 28,
  };
  const move = moves[key];
  if (move === undefined) return null;
  return Math.min(days.length - 1, Math.max(0, index + move));
}
