import { HABIT_LOG_MAX_DAYS_LATE } from '@habitrack/contracts/habits/log-habit';
import type { ActiveUserHabit } from '../db/queries/habit-logs.ts';
import { addDays } from '../lib/local-date.ts';

// A check-in as asked, with what the member's active user habit says about it.
export type CheckIn = {
  today: string;
  date: string;
  logType: 'completed' | 'skipped';
  positiveChangeId: string | null;
  userHabit: ActiveUserHabit;
};

// DOMAIN "Habits": when a check-in may be written. Each rule once, in the order a refusal is
// explained; the first that fails refuses the check-in (400) and nothing is written.
const RULES: { refuses: (c: CheckIn) => boolean; detail: string }[] = [
  { refuses: (c) => c.date > c.today, detail: 'A check-in cannot be for a future date.' },
  {
    refuses: (c) => c.date < addDays(c.today, -HABIT_LOG_MAX_DAYS_LATE),
    detail: `A check-in can be at most ${HABIT_LOG_MAX_DAYS_LATE} days late.`,
  },
  {
    refuses: (c) => c.positiveChangeId !== null && c.logType !== 'completed',
    detail: 'A positive change can only be recorded when the habit was completed.',
  },
  { refuses: (c) => c.date < c.userHabit.startedOn, detail: 'A check-in cannot be before you started this habit.' },
  {
    refuses: (c) => c.positiveChangeId !== null && !c.userHabit.positiveChangeIds.includes(c.positiveChangeId),
    detail: 'This positive change does not belong to the habit.',
  },
];

// Why the check-in is refused, or null when every rule holds.
export function checkInRefusal(checkIn: CheckIn): string | null {
  return RULES.find((rule) => rule.refuses(checkIn))?.detail ?? null;
}
