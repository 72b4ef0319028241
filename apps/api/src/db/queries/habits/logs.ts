import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { THabitLog } from '@habitrack/contracts/habits/log-habit';
import type { DbOrTx } from '../../client.ts';
import type { AppDatabase } from '../../speed/app-database.ts';
import { retryOnDeadlock } from '../../deadlock.ts';
import { sharedStatement } from '../../speed/shared-statements.ts';
import { habitLogs } from '../../schema/index.ts';
import { callerIsCurrent } from '../identity/identity.ts';

// A member's user habit as the check-in rules see it (services/habits/check-in-rules.ts): its frame, its
// pauses and the ids of its habit's positive changes.
export type CheckInUserHabit = {
  id: string;
  habitId: string;
  status: 'active' | 'completed';
  startedOn: string;
  frameEndsOn: string;
  pauses: { from: string; to: string }[];
  positiveChangeIds: string[];
};

// The member's user habit addressed by either the habit's id or the user habit's id: the active one
// (a member has at most one per habit), else the latest completed one (its check-in is refused with
// a reason, decision 014).
const addressedUserHabitSql = (userId: SQL, id: SQL) => sql`(select x.* from user_habits x
    where x.user_id = ${userId} and x.status in ('active', 'completed') and (x.id = ${id} or x.habit_id = ${id})
    order by x.status = 'active' desc, x.started_on desc limit 1)`;

// The pauses of user habit `u` (an alias) as JSON (a habit never paused reads none), and the ids of
// its habit's positive changes.
const pausesSql = (u: string) => sql`case when ${sql.raw(u)}.paused_days = 0 then '[]'::json
    else (select json_agg(json_build_object('from', hp.starts_on, 'to', hp.ends_on) order by hp.starts_on)
      from habit_pauses hp where hp.user_habit_id = ${sql.raw(u)}.id) end`;
const positiveChangeIdsSql = (u: string) =>
  sql`array(select pc.id from positive_changes pc where pc.habit_id = ${sql.raw(u)}.habit_id)`;

const activeUserHabitStatement = sharedStatement<{ userId: string; id: string }, CheckInUserHabit>({
  name: 'active_user_habit',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid', id: 'uuid' },
  query: (p) => sql`select ${p.position} as position, json_build_object('id', u.id, 'habitId', u.habit_id,
      'status', u.status, 'startedOn', u.started_on, 'frameEndsOn', u.frame_ends_on,
      'pauses', ${pausesSql('u')}, 'positiveChangeIds', ${positiveChangeIdsSql('u')}) as row
    from ${p.table}
    cross join lateral ${addressedUserHabitSql(p.userId, p.id)} u`,
});

export function findActiveUserHabit(
  database: AppDatabase,
  call: { userId: string; id: string },
): Promise<CheckInUserHabit | null> {
  return database.run(activeUserHabitStatement, call);
}

export type SavedLog = Omit<THabitLog, 'habit_id'> & { created: boolean };
type CheckInCall = {
  userId: string;
  // The habit's id or the user habit's.
  id: string;
  today: string;
  logDate: string;
  logType: 'completed' | 'skipped';
  note: string | null;
  positiveChangeId: string | null;
};
// The member's user habit as the rules see it, and the day's log if the check-in was written.
export type CheckInWritten = { userHabit: CheckInUserHabit; log: SavedLog | null };

// A check-in in one statement: the caller confirmed, their user habit found as by
// `active_user_habit` and the day's log created or replaced (one log per user habit per local date;
// the check-ins of one turn are one insert, so one commit and one run of the progress triggers serve
// them all), but only when the rules that depend on the user habit hold
// (services/habits/check-in-rules.ts, `onTheHabit`: the frame not over, the date not before its
// start nor paused, the positive change one of its habit's; the rules on the date and type alone are
// checked before). Otherwise nothing is written and the user habit comes back, for the rules to say
// why.
const checkInStatement = sharedStatement<CheckInCall, CheckInWritten>({
  name: 'check_in',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: {
    userId: 'uuid',
    id: 'uuid',
    today: 'date',
    logDate: 'date',
    logType: 'habit_log_type',
    note: 'text',
    positiveChangeId: 'uuid',
  },
  conflictKey: (call) => `${call.userId} ${call.id} ${call.logDate}`,
  with: (p) => sql`found as (
      select ${p.position} as position, ${p.today} as today, ${p.logDate} as log_date, ${p.logType} as log_type,
        ${p.note} as note, ${p.positiveChangeId} as positive_change_id, u.id, u.habit_id, u.status, u.started_on,
        u.frame_ends_on, u.paused_days
      from ${p.table}
      cross join lateral ${addressedUserHabitSql(p.userId, p.id)} u),
    written as (
      insert into habit_logs (user_habit_id, log_date, log_type, note, positive_change_id)
      select f.id, f.log_date, f.log_type, f.note, f.positive_change_id
      from found f
      where f.status = 'active' and f.today <= f.frame_ends_on and f.log_date >= f.started_on
        and not exists (select 1 from habit_pauses hp
          where hp.user_habit_id = f.id and hp.starts_on <= f.log_date and f.log_date <= hp.ends_on)
        and (f.positive_change_id is null or exists (select 1 from positive_changes pc
          where pc.id = f.positive_change_id and pc.habit_id = f.habit_id))
      order by 1
      on conflict (user_habit_id, log_date) do update
        set log_type = excluded.log_type, note = excluded.note, positive_change_id = excluded.positive_change_id,
          updated_at = now()
      returning user_habit_id, log_date, json_build_object('id', id, 'user_habit_id', user_habit_id,
        'log_date', log_date, 'log_type', log_type, 'note', note, 'positive_change_id', positive_change_id,
        'created', xmax = 0) as log)`,
  query: () => sql`select f.position, json_build_object('userHabit', json_build_object('id', f.id,
        'habitId', f.habit_id, 'status', f.status, 'startedOn', f.started_on, 'frameEndsOn', f.frame_ends_on,
        'pauses', case when w.log is null then ${pausesSql('f')} else '[]'::json end,
        'positiveChangeIds', case when w.log is null then ${positiveChangeIdsSql('f')} else array[]::uuid[] end),
      'log', w.log) as row
    from found f
    left join written w on w.user_habit_id = f.id and w.log_date = f.log_date`,
});

// Its own transaction: run again if it was a deadlock's victim (db/deadlock.ts). Null: the member
// has no such habit. When the log was written, the user habit comes back without its pauses and
// positive changes (the rules need them only to refuse).
export function checkIn(database: AppDatabase, call: CheckInCall): Promise<CheckInWritten | null> {
  return retryOnDeadlock(() => database.run(checkInStatement, call));
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

// The statements as SQL with their parameters (the benchmark prints their plans).
export const checkInStatements = { activeUserHabitStatement, checkInStatement };
