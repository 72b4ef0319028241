import {
  HABIT_LOG_MAX_DAYS_LATE,
  type THabitLog,
  type TLogHabitRequest,
  type TTodayLogResponse,
} from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../db/client.ts';
import { findActiveUserHabit, findLog, logHabitInOneStatement, toHabitLog } from '../db/queries/habit-logs.ts';
import type { VerifiedToken } from '../auth/verify-token.ts';
import { callerCheck, type SignedInUser } from '../db/queries/identity.ts';
import { loadHabits } from '../db/queries/programmes.ts';
import { habits } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { badRequest, notFound } from '../lib/errors.ts';
import { addDays, localDate } from '../lib/local-date.ts';

const NOT_ACTIVE = 'This habit is not one of your active habits.';

async function activeHabit(db: DbOrTx, user: SignedInUser, id: string) {
  const userHabit = await findActiveUserHabit(db, { userId: user.id, id });
  if (!userHabit) throw notFound(NOT_ACTIVE);
  const [habitRow] = await db.select().from(habits).where(eq(habits.id, userHabit.habitId));
  const [habit] = await loadHabits(db, [habitRow!]);
  return { userHabit, habit: habit! };
}

export async function getTodayLog(
  db: DbOrTx,
  options: { user: SignedInUser; id: string; now: Date },
): Promise<TTodayLogResponse> {
  const { userHabit, habit } = await activeHabit(db, options.user, options.id);
  const today = localDate(options.now, options.user.timeZone);
  const log = await findLog(db, { userHabitId: userHabit.id, date: today });
  return { habit, user_habit_id: userHabit.id, today, log: log && toHabitLog(log, userHabit.habitId) };
}

// DOMAIN "Habits": one log per user habit per local date; a positive change only with
// `completed`, and only one of that habit's own changes. One statement checks the caller, finds the
// user habit and writes the log when every rule holds (logHabitInOneStatement); nothing is written
// for a caller that is not confirmed current (see withCaller). The rules that need no database are
// checked first and decide whether the statement may write; a refusal is explained from what it read.
export async function logHabit(
  db: DbOrTx,
  options: {
    user: SignedInUser;
    token: VerifiedToken;
    // The caller was read for this request: write without waiting for the statement's check.
    trusted: boolean;
    id: string;
    input: TLogHabitRequest;
    now: Date;
  },
): Promise<{ callerIsCurrent: boolean; answer: () => { created: boolean; log: THabitLog } }> {
  const { input, user } = options;
  const today = localDate(options.now, user.timeZone);
  const date = input.log_date ?? today;
  // Ids compare as text on both sides: the lower-case form the database prints.
  const changeId = input.positive_change_id?.toLowerCase() ?? null;
  let refusal: Error | null = null;
  if (date > today) refusal = badRequest('A check-in cannot be for a future date.');
  else if (date < addDays(today, -HABIT_LOG_MAX_DAYS_LATE)) {
    refusal = badRequest(`A check-in can be at most ${HABIT_LOG_MAX_DAYS_LATE} days late.`);
  } else if (changeId && input.log_type !== 'completed') {
    refusal = badRequest('A positive change can only be recorded when the habit was completed.');
  }
  const { callerIsCurrent, userHabit, log } = await logHabitInOneStatement(db, {
    userId: user.id,
    id: options.id,
    caller: callerCheck(user, options.token),
    trusted: options.trusted,
    write: refusal === null,
    logDate: date,
    logType: input.log_type,
    note: input.note ? input.note : null,
    positiveChangeId: changeId,
  });
  const answer = () => {
    if (!userHabit) throw notFound(NOT_ACTIVE);
    if (refusal) throw refusal;
    if (date < userHabit.startedOn) throw badRequest('A check-in cannot be before you started this habit.');
    if (changeId && !userHabit.positiveChangeIds.includes(changeId)) {
      throw badRequest('This positive change does not belong to the habit.');
    }
    if (!log) throw new Error('the check-in passed every rule but was not written');
    const { created, ...written } = log;
    return { created, log: { ...written, habit_id: userHabit.habitId } };
  };
  return { callerIsCurrent, answer };
}
