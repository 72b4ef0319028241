import {
  HABIT_LOG_MAX_DAYS_LATE,
  type THabitLog,
  type TLogHabitRequest,
  type TTodayLogResponse,
} from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../db/client.ts';
import {
  findActiveUserHabit,
  findActiveUserHabitForLog,
  findLog,
  toHabitLog,
  upsertLog,
} from '../db/queries/habit-logs.ts';
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
// `completed`, and only one of that habit's own changes. Every check happens before the write, and
// the write only once the caller is confirmed current (see withCaller).
export async function logHabit(
  db: DbOrTx,
  options: { user: SignedInUser; token: VerifiedToken; id: string; input: TLogHabitRequest; now: Date },
): Promise<{ callerIsCurrent: boolean; answer: () => Promise<{ created: boolean; log: THabitLog }> }> {
  const { input, user } = options;
  const { callerIsCurrent, userHabit } = await findActiveUserHabitForLog(db, {
    userId: user.id,
    id: options.id,
    caller: callerCheck(user, options.token),
  });
  const answer = async () => {
    if (!userHabit) throw notFound(NOT_ACTIVE);
    const today = localDate(options.now, user.timeZone);
    const date = input.log_date ?? today;
    if (date > today) throw badRequest('A check-in cannot be for a future date.');
    if (date < addDays(today, -HABIT_LOG_MAX_DAYS_LATE)) {
      throw badRequest(`A check-in can be at most ${HABIT_LOG_MAX_DAYS_LATE} days late.`);
    }
    if (date < userHabit.startedOn) throw badRequest('A check-in cannot be before you started this habit.');
    const changeId = input.positive_change_id ?? null;
    if (changeId && input.log_type !== 'completed') {
      throw badRequest('A positive change can only be recorded when the habit was completed.');
    }
    if (changeId && !userHabit.positiveChangeIds.includes(changeId)) {
      throw badRequest('This positive change does not belong to the habit.');
    }
    const note = input.note ? input.note : null;
    const { log, created } = await upsertLog(db, {
      userHabitId: userHabit.id,
      logDate: date,
      logType: input.log_type,
      note,
      positiveChangeId: changeId,
    });
    return { created, log: toHabitLog(log, userHabit.habitId) };
  };
  return { callerIsCurrent, answer };
}
