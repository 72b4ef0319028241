import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { THabitLog } from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../client.ts';
import { habitLogs, userHabits } from '../schema/index.ts';

// The caller's active user habit addressed by either the habit's id or the user habit's id.
export async function findActiveUserHabit(db: DbOrTx, options: { userId: string; id: string }) {
  const [row] = await db
    .select()
    .from(userHabits)
    .where(
      and(
        eq(userHabits.userId, options.userId),
        eq(userHabits.status, 'active'),
        or(eq(userHabits.id, options.id), eq(userHabits.habitId, options.id)),
      ),
    )
    .limit(1);
  return row ?? null;
}

function activeUserHabitForLogQuery(db: DbOrTx) {
  const id = sql.placeholder('id');
  return db
    .select({
      id: userHabits.id,
      habitId: userHabits.habitId,
      startedOn: userHabits.startedOn,
      positiveChangeIds: sql<string[]>`array(select pc.id::text from positive_changes pc
        where pc.habit_id = "user_habits"."habit_id")`,
    })
    .from(userHabits)
    .where(
      and(
        eq(userHabits.userId, sql.placeholder('userId')),
        eq(userHabits.status, 'active'),
        or(eq(userHabits.id, id), eq(userHabits.habitId, id)),
      ),
    )
    .limit(1);
}

const preparedForLog = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof activeUserHabitForLogQuery>['prepare']>>();

// What a check-in needs to validate, in one prepared statement: the caller's active user habit
// (by either id) and the ids of its habit's positive changes.
export async function findActiveUserHabitForLog(db: DbOrTx, options: { userId: string; id: string }) {
  let query = preparedForLog.get(db);
  if (!query) {
    query = activeUserHabitForLogQuery(db).prepare('active_user_habit_for_log');
    preparedForLog.set(db, query);
  }
  const [row] = await query.execute({ userId: options.userId, id: options.id });
  return row ?? null;
}

export function toHabitLog(row: typeof habitLogs.$inferSelect, habitId: string): THabitLog {
  return {
    id: row.id,
    user_habit_id: row.userHabitId,
    habit_id: habitId,
    log_date: row.logDate,
    log_type: row.logType,
    note: row.note,
    positive_change_id: row.positiveChangeId,
  };
}

export async function findLog(db: DbOrTx, options: { userHabitId: string; date: string }) {
  const [row] = await db
    .select()
    .from(habitLogs)
    .where(and(eq(habitLogs.userHabitId, options.userHabitId), eq(habitLogs.logDate, options.date)))
    .limit(1);
  return row ?? null;
}

// One log per user habit per date: a second check-in the same day updates it. `created` tells
// which happened (xmax = 0 only for a freshly inserted row).
export async function upsertLog(
  db: DbOrTx,
  values: Pick<typeof habitLogs.$inferInsert, 'userHabitId' | 'logDate' | 'logType' | 'note' | 'positiveChangeId'>,
) {
  const [row] = await db
    .insert(habitLogs)
    .values(values)
    .onConflictDoUpdate({
      target: [habitLogs.userHabitId, habitLogs.logDate],
      set: {
        logType: values.logType,
        note: values.note,
        positiveChangeId: values.positiveChangeId,
        updatedAt: sql`now()`,
      },
    })
    .returning({ ...getTableColumns(habitLogs), created: sql<boolean>`(xmax = 0)` });
  const { created, ...log } = row!;
  return { log, created };
}
