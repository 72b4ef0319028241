import { HABIT_LOG_MAX_DAYS_LATE } from '@habitrack/contracts/habits/log-habit';
import type { CheckInUserHabit } from '../../db/queries/habits/logs.ts';
import { addDays } from '../../lib/local-date.ts';
import { frameIsOver, isPausedOn } from './frame.ts';

// A check-in as asked, and with what the member's user habit says about it.
export type AskedCheckIn = {
  today: string;
  date: string;
  logType: 'completed' | 'skipped';
  positiveChangeId: string | null;
};
export type CheckIn = AskedCheckIn & { userHabit: CheckInUserHabit };

export type Refusal = { status: 400 | 409; detail: string };

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

// When a check-in may be written (docs/domain/check-ins.md#refusals). Each rule once, in the order
// a refusal is explained; the first that fails refuses the check-in and nothing is written. A
// request that can never be right is a 400; a date the habit's state rules out (too late, before
// the start, paused, the frame over) is a 409. The history page asks the same rules which days it
// may offer (history.service.ts). A rule `onTheHabit` reads the user habit; the others only what
// was asked. The check-in's statement writes only when the rules on the habit hold
// (db/queries/habits/logs.ts, `check_in`, the same rules in SQL).
type Rule =
  | { onTheHabit?: false; refuses: (c: AskedCheckIn) => boolean; refusal: (c: CheckIn) => Refusal }
  | { onTheHabit: true; refuses: (c: CheckIn) => boolean; refusal: (c: CheckIn) => Refusal };
const RULES: Rule[] = [
  {
    refuses: (c) => c.date > c.today,
    refusal: () => ({ status: 400, detail: 'A check-in cannot be for a future date.' }),
  },
  {
    onTheHabit: true,
    refuses: (c) => frameIsOver(c.userHabit, c.today),
    refusal: (c) => ({
      status: 409,
      detail:
        `This habit's frame ended on ${longDate(c.userHabit.frameEndsOn)}: it is completed and can no longer be ` +
        'logged. Select it again to start a new frame.',
    }),
  },
  {
    refuses: (c) => c.date < addDays(c.today, -HABIT_LOG_MAX_DAYS_LATE),
    refusal: () => ({
      status: 409,
      detail:
        `A check-in can be at most ${HABIT_LOG_MAX_DAYS_LATE} days late: ` +
        `you can log today and the ${HABIT_LOG_MAX_DAYS_LATE} days before it.`,
    }),
  },
  {
    refuses: (c) => c.positiveChangeId !== null && c.logType !== 'completed',
    refusal: () => ({
      status: 400,
      detail: 'A positive change can only be recorded when the habit was completed.',
    }),
  },
  {
    onTheHabit: true,
    refuses: (c) => c.date < c.userHabit.startedOn,
    refusal: () => ({ status: 409, detail: 'A check-in cannot be before you started this habit.' }),
  },
  {
    onTheHabit: true,
    refuses: (c) => isPausedOn(c.userHabit.pauses, c.date),
    refusal: (c) => pausedDayRefusal(c.date),
  },
  {
    onTheHabit: true,
    refuses: (c) => c.positiveChangeId !== null && !c.userHabit.positiveChangeIds.includes(c.positiveChangeId),
    refusal: () => ({ status: 400, detail: 'This positive change does not belong to the habit.' }),
  },
];

// Also the answer when the database refuses the log because a pause of its day committed after the
// rules were read (docs/domain/pauses.md#concurrency).
export function pausedDayRefusal(date: string): Refusal {
  return { status: 409, detail: `${longDate(date)} is a paused day of this habit: paused days cannot be logged.` };
}

// Why the check-in is refused, or null when every rule holds.
export function checkInRefusal(checkIn: CheckIn): Refusal | null {
  return RULES.find((rule) => rule.refuses(checkIn))?.refusal(checkIn) ?? null;
}

// Whether a rule that reads only what was asked refuses it (which rule comes first, and so which
// refusal is given, needs the user habit).
export function refusedAsAsked(asked: AskedCheckIn): boolean {
  return RULES.some((rule) => !rule.onTheHabit && rule.refuses(asked));
}
