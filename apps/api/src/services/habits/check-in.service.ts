import type { THabitLog, TLogHabitRequest, TTodayLogResponse } from '@habitrack/contracts/habits/log-habit';
import {
  checkIn,
  findActiveUserHabit,
  findLog,
  toHabitLog,
  type CheckInUserHabit,
} from '../../db/queries/habits/logs.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { findHabit } from '../../db/queries/programmes/programmes.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import { PAUSED_DAY_CONSTRAINT, violatesConstraint } from '../../lib/constraint-violation.ts';
import { checkInRefusal, pausedDayRefusal, refusedAsAsked } from './check-in-rules.ts';
import { frameIsOver } from './frame.ts';

const NOT_ACTIVE = 'This habit is not one of your active habits.';

export async function getTodayLog(
  database: AppDatabase,
  options: { user: SignedInUser; id: string; now: Date; locale: string },
): Promise<TTodayLogResponse> {
  const today = localDate(options.now, options.user.timeZone);
  const found = await findActiveUserHabit(database, { userId: options.user.id, id: options.id });
  // A completed habit is no longer one of the active habits (decision 014).
  const userHabit = found && !frameIsOver(found, today) ? found : null;
  const habit = userHabit && (await findHabit(database.db, { habitId: userHabit.habitId, locale: options.locale }));
  if (!userHabit || !habit) throw notFound(NOT_ACTIVE);
  const log = await findLog(database.db, { userHabitId: userHabit.id, date: today });
  return { habit, user_habit_id: userHabit.id, today, log: log && toHabitLog(log, userHabit.habitId) };
}

// One log per user habit per local date, written when every rule holds (check-in-rules.ts): today
// or one of the two dates before it, a forgotten day (docs/domain/check-ins.md#forgotten-days);
// `created` tells whether the day's log is new
// (docs/domain/check-ins.md#one-log-per-habit-and-day). Every trigger a check-in runs (stored
// progress, activity and standings versions) runs for any date alike.
export async function logHabit(
  database: AppDatabase,
  options: { user: SignedInUser; id: string; input: TLogHabitRequest; now: Date },
): Promise<{ created: boolean; log: THabitLog }> {
  const { user, input } = options;
  const today = localDate(options.now, user.timeZone);
  // Ids compare as text on both sides: the lower-case form the database prints.
  const asked = {
    today,
    date: input.log_date ?? today,
    logType: input.log_type,
    positiveChangeId: input.positive_change_id?.toLowerCase() ?? null,
  };
  const refuse = (userHabit: CheckInUserHabit | null): never => {
    if (!userHabit) throw notFound(NOT_ACTIVE);
    const refusal = checkInRefusal({ ...asked, userHabit });
    if (!refusal) throw new Error('the check-in was written by no statement and refused by no rule');
    throw new HttpError(refusal.status, refusal.detail);
  };
  // Refused whatever the habit says: which refusal (or not found) comes first needs the habit.
  if (refusedAsAsked(asked)) return refuse(await findActiveUserHabit(database, { userId: user.id, id: options.id }));
  const written = await checkIn(database, {
    userId: user.id,
    id: options.id,
    today,
    logDate: asked.date,
    logType: asked.logType,
    note: input.note ? input.note : null,
    positiveChangeId: asked.positiveChangeId,
  }).catch((error: unknown) => {
    // A pause of the day committed while the check-in was written: the pause won the race.
    if (!violatesConstraint(error, PAUSED_DAY_CONSTRAINT)) throw error;
    const refusal = pausedDayRefusal(asked.date);
    throw new HttpError(refusal.status, refusal.detail);
  });
  if (!written?.log) return refuse(written?.userHabit ?? null);
  const { created, ...log } = written.log;
  return { created, log: { ...log, habit_id: written.userHabit.habitId } };
}
