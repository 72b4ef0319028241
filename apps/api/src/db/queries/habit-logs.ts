import { and, eq, or, sql } from 'drizzle-orm';
import type { THabitLog } from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../client.ts';
import { callerIsCurrentParamSql, callerIsCurrentSql, type CallerCheck } from './identity.ts';
import { TurnBatch } from '../turn-batch.ts';
import { habitLogs, userHabits } from '../schema/index.ts';
import { callerArrays, preparedPerDatabase } from '../prepared.ts';

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

const preparedLogHabit = preparedPerDatabase((db) => logHabitQuery(db).prepare('log_habit'));

type LogHabitCall = {
  userId: string;
  id: string;
  caller: CallerCheck;
  trusted: boolean;
  write: boolean;
  logDate: string;
  logType: 'completed' | 'skipped';
  note: string | null;
  positiveChangeId: string | null;
};
type LogHabitRow = {
  callerIsCurrent: boolean | null;
  id: string | null;
  habitId: string | null;
  startedOn: string | null;
  positiveChangeIds: string[] | null;
  log: WrittenLog | null;
};

// The same check-in for several members at once: the parameters are arrays with an entry per
// check-in (all text, cast in the statement), and the answer has a row per entry, in their order.
// Each entry is checked and written exactly as by logHabitQuery; the writes are one insert, so one
// commit (and one run of the statement-level progress triggers) serves them all.
function logHabitBatchQuery(db: DbOrTx) {
  const text = (name: string) => sql`${sql.placeholder(name)}::text[]`;
  const batch = db.$with('b', { position: sql<number>`position` }).as(
    sql`select user_id::uuid as user_id, id, issuer, subject, version, trusted::boolean as trusted,
        write::boolean as write, log_date::date as log_date, log_type::habit_log_type as log_type, note,
        change_id::uuid as change_id, position
      from unnest(${text('userIds')}, ${text('ids')}, ${text('issuers')}, ${text('subjects')}, ${text('versions')},
        ${text('trusted')}, ${text('writes')}, ${text('logDates')}, ${text('logTypes')}, ${text('notes')},
        ${text('changeIds')})
        with ordinality as x(user_id, id, issuer, subject, version, trusted, write, log_date, log_type, note,
          change_id, position)`,
  );
  const callerOf = (row: string) =>
    callerIsCurrentSql({
      issuer: sql.raw(`${row}.issuer`),
      subject: sql.raw(`${row}.subject`),
      userId: sql.raw(`${row}.user_id`),
      version: sql.raw(`${row}.version`),
    });
  const target = db.$with('target', { position: sql<number>`position` }).as(
    sql`select b.position, u.id, u.habit_id, u.started_on::text as started_on,
        array(select pc.id::text from positive_changes pc where pc.habit_id = u.habit_id) as positive_change_ids,
        ${callerOf('b')} as caller_is_current,
        b.write, b.trusted, b.log_date, b.log_type, b.note, b.change_id
      from b cross join lateral (select u.id, u.habit_id, u.started_on from user_habits u
        where u.user_id = b.user_id and u.status = 'active' and (u.id::text = b.id or u.habit_id::text = b.id)
        limit 1) u`,
  );
  const written = db.$with('written', { log: sql<WrittenLog>`log` }).as(
    sql`insert into habit_logs (user_habit_id, log_date, log_type, note, positive_change_id)
        select t.id, t.log_date, t.log_type, t.note, t.change_id
        from target t
        where t.write
          and (t.caller_is_current or t.trusted)
          and t.log_date >= t.started_on::date
          and (t.change_id is null or (t.log_type = 'completed' and t.change_id::text = any (t.positive_change_ids)))
        order by t.id
        on conflict (user_habit_id, log_date) do update
          set log_type = excluded.log_type, note = excluded.note, positive_change_id = excluded.positive_change_id,
            updated_at = now()
        returning habit_logs.user_habit_id, json_build_object('id', habit_logs.id,
          'user_habit_id', habit_logs.user_habit_id, 'log_date', habit_logs.log_date,
          'log_type', habit_logs.log_type, 'note', habit_logs.note,
          'positive_change_id', habit_logs.positive_change_id, 'created', habit_logs.xmax = 0) as log`,
  );
  return db
    .with(batch, target, written)
    .select({
      callerIsCurrent: sql<boolean>`coalesce(t.caller_is_current, ${callerOf('b')})`,
      id: sql<string | null>`t.id`,
      habitId: sql<string | null>`t.habit_id`,
      startedOn: sql<string | null>`t.started_on`,
      positiveChangeIds: sql<string[] | null>`t.positive_change_ids`,
      log: sql<WrittenLog | null>`w.log`,
    })
    .from(sql`b left join target t on t.position = b.position left join written w on w.user_habit_id = t.id`)
    .orderBy(sql`b.position`);
}

const preparedLogHabitBatch = preparedPerDatabase((db) => logHabitBatchQuery(db).prepare('log_habit_batch'));

async function logHabitAlone(db: DbOrTx, call: LogHabitCall): Promise<LogHabitRow> {
  const query = preparedLogHabit(db);
  const { caller, ...values } = call;
  const [row] = await query.execute({ ...values, ...caller });
  return row!;
}

async function logHabitTogether(db: DbOrTx, calls: LogHabitCall[]): Promise<LogHabitRow[]> {
  const query = preparedLogHabitBatch(db);
  return query.execute({
    userIds: calls.map((c) => c.userId),
    ids: calls.map((c) => c.id),
    ...callerArrays(calls.map((c) => c.caller)),
    trusted: calls.map((c) => String(c.trusted)),
    writes: calls.map((c) => String(c.write)),
    logDates: calls.map((c) => c.logDate),
    logTypes: calls.map((c) => c.logType),
    notes: calls.map((c) => c.note),
    changeIds: calls.map((c) => c.positiveChangeId),
  });
}

// Check-ins arriving in the same turn of the event loop (TurnBatch) are written by one statement,
// at most one per member: a member's further check-ins of that turn run after it, one at a time,
// as they would have anyway. Should the shared statement fail (it writes nothing then), each
// check-in runs alone, so each gets its own answer or error.
async function logHabitsTogetherOrAlone(db: DbOrTx, calls: LogHabitCall[]): Promise<LogHabitRow[]> {
  const seen = new Set<string>();
  const first: number[] = [];
  const later: number[] = [];
  calls.forEach((call, i) => {
    if (seen.has(call.userId)) later.push(i);
    else {
      seen.add(call.userId);
      first.push(i);
    }
  });
  const rows: LogHabitRow[] = new Array(calls.length);
  if (first.length === 1) {
    rows[first[0]!] = await logHabitAlone(db, calls[first[0]!]!);
  } else {
    let together: LogHabitRow[] | null = null;
    try {
      together = await logHabitTogether(
        db,
        first.map((i) => calls[i]!),
      );
    } catch {
      together = null;
    }
    if (together && together.length === first.length) {
      first.forEach((i, k) => (rows[i] = together[k]!));
    } else {
      await Promise.all(first.map(async (i) => (rows[i] = await logHabitAlone(db, calls[i]!))));
    }
  }
  for (const i of later) rows[i] = await logHabitAlone(db, calls[i]!);
  return rows;
}

const logHabitBatch = new TurnBatch<LogHabitCall, LogHabitRow>({ one: logHabitAlone, many: logHabitsTogetherOrAlone });

export async function logHabitInOneStatement(
  db: DbOrTx,
  options: LogHabitCall,
): Promise<{
  callerIsCurrent: boolean;
  userHabit: { id: string; habitId: string; startedOn: string; positiveChangeIds: string[] } | null;
  log: WrittenLog | null;
}> {
  const row = await logHabitBatch.call(db, options);
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
