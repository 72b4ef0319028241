import { addDays } from '../../lib/local-date.ts';

// A habit's frame as decision 014 defines it: its local dates from the start to the frame's end
// (start + length - 1 + paused days). Pure functions over one user habit's logs and pauses.

export type DateRange = { from: string; to: string };
export type LogType = 'completed' | 'skipped';
export type FrameHabit = { status: 'active' | 'ended' | 'completed'; startedOn: string; frameEndsOn: string };

// Strength: an exponential moving average of completed (1) and missed (0) days whose weight halves
// every STRENGTH_HALF_LIFE_DAYS days (decision 014).
export const STRENGTH_HALF_LIFE_DAYS = 14;
export const STRENGTH_ALPHA = 1 - 2 ** (-1 / STRENGTH_HALF_LIFE_DAYS);

export function isPausedOn(pauses: readonly DateRange[], date: string): boolean {
  return pauses.some((p) => p.from <= date && date <= p.to);
}

// After the frame's last local date the habit is completed
// (docs/domain/habits-and-the-frame.md#end-of-the-frame), whether or not its row says so yet (the
// row changes when the member next picks a habit).
export function frameIsOver(habit: FrameHabit, today: string): boolean {
  return habit.status === 'completed' || (habit.status === 'active' && today > habit.frameEndsOn);
}

export function effectiveStatus(habit: FrameHabit, today: string): FrameHabit['status'] {
  return frameIsOver(habit, today) ? 'completed' : habit.status;
}

export type FrameFacts = {
  startedOn: string;
  frameEndsOn: string;
  pauses: readonly DateRange[];
  logs: ReadonlyMap<string, LogType>;
};

// The day the figures are read on: today, or for a frame that is over, the day after its end (so a
// completed habit keeps the figures it ended with).
function readingDay(facts: FrameFacts, today: string): string {
  const dayAfter = addDays(facts.frameEndsOn, 1);
  return today < dayAfter ? today : dayAfter;
}

// The current streak with paused days transparent
// (docs/domain/streaks-and-strength.md#current-streak): the run of completed dates ending on the
// reading day, or on the last unpaused date before it while the reading day has no log.
export function currentStreak(facts: FrameFacts, today: string): number {
  const day = readingDay(facts, today);
  let date = day <= facts.frameEndsOn && facts.logs.has(day) ? day : addDays(day, -1);
  let streak = 0;
  for (; date >= facts.startedOn; date = addDays(date, -1)) {
    if (isPausedOn(facts.pauses, date)) continue;
    if (facts.logs.get(date) !== 'completed') break;
    streak++;
  }
  return streak;
}

// The frame's dates up to the reading day (included), oldest first.
function pastDates(facts: FrameFacts, today: string): string[] {
  const last = readingDay(facts, today) > facts.frameEndsOn ? facts.frameEndsOn : today;
  const out: string[] = [];
  for (let d = facts.startedOn; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

export function bestStreak(facts: FrameFacts, today: string): number {
  let best = 0;
  let run = 0;
  for (const date of pastDates(facts, today)) {
    if (isPausedOn(facts.pauses, date)) continue;
    const log = facts.logs.get(date);
    if (log === 'completed') best = Math.max(best, ++run);
    // Today without a log is not missed yet.
    else if (log || date !== today) run = 0;
  }
  return best;
}

// 0–100. Starts at 0 on the start date; a paused day, and today while it has no log, leave it
// unchanged; a completed day moves it STRENGTH_ALPHA of the way to 1, any other day as far to 0.
export function strength(facts: FrameFacts, today: string): number {
  let s = 0;
  for (const date of pastDates(facts, today)) {
    if (isPausedOn(facts.pauses, date)) continue;
    const log = facts.logs.get(date);
    if (!log && date === today) continue;
    s = log === 'completed' ? s + STRENGTH_ALPHA * (1 - s) : s * (1 - STRENGTH_ALPHA);
  }
  return Math.round(100 * s);
}

export type DayState = 'completed' | 'skipped' | 'paused' | 'not_logged' | 'today' | 'future';

// What one date of the frame shows on the history grid.
export function dayState(facts: FrameFacts, date: string, today: string): DayState {
  if (isPausedOn(facts.pauses, date)) return 'paused';
  const log = facts.logs.get(date);
  if (log) return log;
  if (date > today) return 'future';
  return date === today ? 'today' : 'not_logged';
}

export function frameDates(facts: Pick<FrameFacts, 'startedOn' | 'frameEndsOn'>): string[] {
  const out: string[] = [];
  for (let d = facts.startedOn; d <= facts.frameEndsOn; d = addDays(d, 1)) out.push(d);
  return out;
}

export function pausedDayCount(pauses: readonly DateRange[]): number {
  return pauses.reduce((sum, p) => sum + daysBetween(p.from, p.to) + 1, 0);
}

// Whole days from `from` to `to` (negative when `to` is earlier).
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
