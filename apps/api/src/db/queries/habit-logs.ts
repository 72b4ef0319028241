import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { THabitLog } from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../client.ts';
import { callerIsCurrentSql, type CallerCheck } from './identity.ts';
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
  const userId = sql.placeholder('userId');
  return db
    .select({
      callerIsCurrent: callerIsCurrentSql({
        issuer: sql.placeholder('issuer'),
        subject: sql.placeholder('subject'),
        userId,
        version: sql.placeholder('version'),
      }),
      id: sql<string | null>`uh.id`,
      habitId: sql<string | null>`uh.habit_id`,
      startedOn: sql<string | null>`uh.started_on::text`,
      positiveChangeIds: sql<string[] | null>`uh.positive_change_ids`,
    })
    .from(
      sql`(select 1) as one_row left join lateral (
        select u.id, u.habit_id, u.started_on,
          array(select pc.id::text from positive_changes pc where pc.habit_id = u.habit_id) as positive_change_ids
        from user_habits u
        where u.user_id = ${userId}::uuid and u.status = 'active' and (u.id::text = ${id} or u.habit_id::text = ${id})
        limit 1
      ) uh on true`,
    );
}

const preparedForLog = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof activeUserHabitForLogQuery>['prepare']>>();

// What a check-in needs to validate, in one prepared statement: the caller's active user habit
// (by either id) and the ids of its habit's positive changes; and whether the caller is current
// (see withCaller).
export async function findActiveUserHabitForLog(
  db: DbOrTx,
  options: { userId: string; id: string; caller: CallerCheck },
): Promise<{
  callerIsCurrent: boolean;
  userHabit: { id: string; habitId: string; startedOn: string; positiveChangeIds: string[] } | null;
}> {
  let query = preparedForLog.get(db);
  if (!query) {
    query = activeUserHabitForLogQuery(db).prepare('active_user_habit_for_log');
    preparedForLog.set(db, query);
  }
  const [row] = await query.execute({ userId: options.userId, id: options.id, ...options.caller });
  const found = row?.id && row.habitId && row.startedOn;
  return {
    callerIsCurrent: Boolean(row?.callerIsCurrent),
    userHabit: found
      ? {
          id: row.id!,
          habitId: row.habitId!,
          startedOn: row.startedOn!,
          positiveChangeIds: row.positiveChangeIds ?? [],
        }
      : null,
  };
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
