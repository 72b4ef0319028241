import {
  MAX_PAUSED_DAYS,
  type TPauseHabitRequest,
  type TPauseHabitResponse,
} from '@habitrack/contracts/habits/pause-habit';
import {
  deletePause,
  findHabitFrame,
  firstLoggedDate,
  insertPause,
  shortenPause,
  type HabitFrame,
} from '../../db/queries/habits/pauses.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { addDays, localDate } from '../../lib/local-date.ts';
import { daysBetween, frameIsOver, pausedDayCount } from './frame.ts';
import { NOT_YOUR_HABIT } from './history.service.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

type PauseRequest = { habit: HabitFrame; today: string; from: string; to: string };

// When a pause may be added (docs/domain/pauses.md#when-a-pause-may-be-added). Each rule once, in
// the order a refusal is explained; the first that fails refuses the pause (409) and nothing is
// written. (A range that ends before it starts, or is longer than 14 days, is refused by the
// contract, 400.)
const PAUSE_RULES: { refuses: (r: PauseRequest) => boolean; detail: (r: PauseRequest) => string }[] = [
  {
    refuses: (r) => r.habit.status === 'ended',
    detail: () => 'This habit is no longer one of your habits, so it cannot be paused.',
  },
  {
    refuses: (r) => frameIsOver(r.habit, r.today),
    detail: (r) => `This habit's frame ended on ${r.habit.frameEndsOn}: a completed habit cannot be paused.`,
  },
  { refuses: (r) => r.from < r.today, detail: () => 'A pause must start today or later.' },
  {
    refuses: (r) => r.from > r.habit.frameEndsOn,
    detail: (r) => `A pause must start on or before the last day of the habit's frame, ${r.habit.frameEndsOn}.`,
  },
  {
    refuses: (r) => overlapping(r) !== undefined,
    detail: (r) => {
      const other = overlapping(r)!;
      return `This pause overlaps your pause from ${other.from} to ${other.to}; pauses of a habit cannot overlap.`;
    },
  },
  {
    refuses: (r) => pausedDayCount(r.habit.pauses) + daysBetween(r.from, r.to) + 1 > MAX_PAUSED_DAYS,
    detail: (r) => {
      const left = MAX_PAUSED_DAYS - pausedDayCount(r.habit.pauses);
      return `A habit can be paused for at most ${MAX_PAUSED_DAYS} days per frame; ${left} ${left === 1 ? 'day is' : 'days are'} left.`;
    },
  },
];

function overlapping(r: PauseRequest) {
  return r.habit.pauses.find((p) => p.from <= r.to && r.from <= p.to);
}

export async function pauseHabit(
  database: AppDatabase,
  options: { user: SignedInUser; userHabitId: string; input: TPauseHabitRequest; now: Date },
): Promise<TPauseHabitResponse> {
  const db = database.db;
  const { user, userHabitId, input } = options;
  const today = localDate(options.now, user.timeZone);
  return db.transaction(async (tx) => {
    const habit = await findHabitFrame(tx, { userId: user.id, userHabitId, lock: true });
    if (!habit) throw notFound(NOT_YOUR_HABIT);
    const request = { habit, today, from: input.from, to: input.to };
    const rule = PAUSE_RULES.find((r) => r.refuses(request));
    if (rule) throw conflict(rule.detail(request));
    // A paused day cannot be logged (docs/domain/pauses.md#what-a-paused-day-does), so a logged day
    // cannot be paused.
    const logged = await firstLoggedDate(tx, { userHabitId, from: input.from, to: input.to });
    if (logged) throw conflict(`You have already logged ${logged}: a pause cannot include a logged day.`);
    const { pause, frameEndsOn } = await insertPause(tx, { userHabitId, from: input.from, to: input.to });
    return { ...pause, cancellable: true, user_habit_id: habit.id, frame_ends_on: frameEndsOn };
  });
}

// Cancelling removes the days not yet passed, today included (docs/domain/pauses.md#cancelling).
export async function cancelPause(
  database: AppDatabase,
  options: { user: SignedInUser; userHabitId: string; pauseId: string; now: Date },
): Promise<void> {
  const db = database.db;
  const { user, userHabitId, pauseId } = options;
  const today = localDate(options.now, user.timeZone);
  await db.transaction(async (tx) => {
    const habit = await findHabitFrame(tx, { userId: user.id, userHabitId, lock: true });
    const pause = habit?.pauses.find((p) => p.id === pauseId.toLowerCase());
    if (!habit || !pause) throw notFound('This pause is not one of your pauses of this habit.');
    if (pause.to < today) throw conflict(`This pause ended on ${pause.to}: its days have passed.`);
    if (habit.status !== 'active' || frameIsOver(habit, today)) {
      throw conflict('The pauses of a habit that is no longer active cannot change.');
    }
    if (pause.from >= today) await deletePause(tx, pause.id);
    else await shortenPause(tx, { pauseId: pause.id, to: addDays(today, -1) });
  });
}
