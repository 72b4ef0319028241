import { and, eq, or, sql } from 'drizzle-orm';
import type { THabitLog } from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../client.ts';
import { callerIsCurrentParamSql, type CallerCheck } from './identity.ts';
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

// A check-in in one prepared statement (one round trip): the caller check, the caller's active
// user habit (by either id) with its positive changes, and the upsert of the log, written only
// when `write` is true (the request passed the checks made before), the caller is current or
// `trusted` (read for this request), the date is not before the habit's start and the positive
// change, if any, belongs to the habit on a completed check-in. What was not written is explained
// from the returned user habit (see check-in.service.ts).
function logHabitQuery(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  const id = sql.placeholder('id');
  const logDate = sql`${sql.placeholder('logDate')}::date`;
  const logType = sql`${sql.placeholder('logType')}::habit_log_type`;
  const changeId = sql`${sql.placeholder('positiveChangeId')}::uuid`;
  const callerIsCurrent = callerIsCurrentParamSql(userId);
  const target = db
    .$with('target', {
      id: sql<string>`id`,
      habitId: sql<string>`habit_id`,
      startedOn: sql<string>`started_on`,
      positiveChangeIds: sql<string[]>`positive_change_ids`,
      callerIsCurrent: sql<boolean>`caller_is_current`,
    })
    .as(
      sql`select u.id, u.habit_id, u.started_on::text as started_on,
          array(select pc.id::text from positive_changes pc where pc.habit_id = u.habit_id) as positive_change_ids,
          ${callerIsCurrent} as caller_is_current
        from user_habits u
        where u.user_id = ${userId}::uuid and u.status = 'active' and (u.id::text = ${id} or u.habit_id::text = ${id})
        limit 1`,
    );
  const written = db.$with('written', { log: sql<WrittenLog>`log` }).as(
    sql`insert into habit_logs (user_habit_id, log_date, log_type, note, positive_change_id)
        select t.id, ${logDate}, ${logType}, ${sql.placeholder('note')}, ${changeId}
        from target t
        where ${sql.placeholder('write')}::boolean
          and (t.caller_is_current or ${sql.placeholder('trusted')}::boolean)
          and ${logDate} >= t.started_on::date
          and (${changeId} is null or (${logType} = 'completed' and ${changeId}::text = any (t.positive_change_ids)))
        on conflict (user_habit_id, log_date) do update
          set log_type = excluded.log_type, note = excluded.note, positive_change_id = excluded.positive_change_id,
            updated_at = now()
        returning json_build_object('id', habit_logs.id, 'user_habit_id', habit_logs.user_habit_id,
          'log_date', habit_logs.log_date, 'log_type', habit_logs.log_type, 'note', habit_logs.note,
          'positive_change_id', habit_logs.positive_change_id, 'created', habit_logs.xmax = 0) as log`,
  );
  return db
    .with(target, written)
    .select({
      // Outside the target CTE too: the caller is checked even when no user habit matches.
      callerIsCurrent: sql<boolean>`coalesce((select t.caller_is_current from target t), ${callerIsCurrent})`,
      id: sql<string | null>`(select t.id from target t)`,
      habitId: sql<string | null>`(select t.habit_id from target t)`,
      startedOn: sql<string | null>`(select t.started_on from target t)`,
      positiveChangeIds: sql<string[] | null>`(select t.positive_change_ids from target t)`,
      log: sql<WrittenLog | null>`(select w.log from written w)`,
    })
    .from(sql`(select 1) as one_row`);
}

type WrittenLog = Omit<THabitLog, 'habit_id'> & { created: boolean };

const preparedLogHabit = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof logHabitQuery>['prepare']>>();

export async function logHabitInOneStatement(
  db: DbOrTx,
  options: {
    userId: string;
    id: string;
    caller: CallerCheck;
    trusted: boolean;
    write: boolean;
    logDate: string;
    logType: 'completed' | 'skipped';
    note: string | null;
    positiveChangeId: string | null;
  },
): Promise<{
  callerIsCurrent: boolean;
  userHabit: { id: string; habitId: string; startedOn: string; positiveChangeIds: string[] } | null;
  log: WrittenLog | null;
}> {
  let query = preparedLogHabit.get(db);
  if (!query) {
    query = logHabitQuery(db).prepare('log_habit');
    preparedLogHabit.set(db, query);
  }
  const { caller, ...values } = options;
  const [row] = await query.execute({ ...values, ...caller });
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
    log: row?.log ?? null,
  };
}

// The check-in statement as SQL with its parameters (the benchmark prints its plan).
export function logHabitSql(db: DbOrTx) {
  return logHabitQuery(db).toSQL();
}
