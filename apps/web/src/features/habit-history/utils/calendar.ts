import type { THistoryDay } from '@habitrack/contracts/habits/get-habit-history';

// Weekdays are numbered as Intl.Locale's week information does: 1 Monday … 7 Sunday. A calendar's
// first column is the day its locale starts the week on (utils/week-start.ts); Monday unless told.

// The column of a day in a week starting on `firstDay`: 0 for the first day … 6.
export function weekdayIndex(date: string, firstDay = 1): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() - (firstDay % 7) + 7) % 7;
}

// The frame's days in calendar weeks, starting on `firstDay`; null fills the days of the first and
// last weeks outside the frame.
export function calendarWeeks(days: readonly THistoryDay[], firstDay = 1): (THistoryDay | null)[][] {
  const first = days[0];
  if (!first) return [];
  const cells: (THistoryDay | null)[] = [...Array<null>(weekdayIndex(first.date, firstDay)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (THistoryDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// Where a key moves the focus in the grid, as a change of index into the frame's days (null: the
// key is not the grid's). Home and End go to the ends of the week as the calendar shows it. Right to
// left the week runs from the right, so the left arrow goes to the next day and the right arrow to
// the day before: the focus moves the way the key points.
export function keyMove(
  key: string,
  index: number,
  days: readonly THistoryDay[],
  firstDay = 1,
  direction: 'ltr' | 'rtl' = 'ltr',
): number | null {
  const day = days[index];
  const weekday = day ? weekdayIndex(day.date, firstDay) : 0;
  const forward = direction === 'rtl' ? -1 : 1;
  const moves: Record<string, number> = {
    ArrowLeft: -forward,
    ArrowRight: forward,
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
