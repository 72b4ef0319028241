import { sql, type SQL } from 'drizzle-orm';
import type { TPositiveChange } from '@habitrack/contracts/programmes/list-behaviours';
import type { DbOrTx } from '../../client.ts';
import { inLocale } from '../programmes/translations.ts';
import { rowsOf } from '../../rows.ts';
import type { AppDatabase } from '../../speed/app-database.ts';
import { sharedStatement } from '../../speed/shared-statements.ts';
import { callerIsCurrent } from '../identity/identity.ts';

export type HistoryLog = {
  date: string;
  type: 'completed' | 'skipped';
  note: string | null;
  positiveChange: { id: string; name: string } | null;
};
export type HistoryPause = { id: string; from: string; to: string };

// One user habit with everything its history shows (decision 014).
export type HistoryFacts = {
  id: string;
  habitId: string;
  habitName: string;
  status: 'active' | 'ended' | 'completed';
  startedOn: string;
  frameEndsOn: string;
  targetDays: number;
  logs: HistoryLog[];
  pauses: HistoryPause[];
};

// The logs of the frame of `uh` (a user_habits row), oldest first: a range scan of the (user habit,
// date) unique index, as long as the frame whatever the history of the member or organisation.
const text = (alias: string, field: 'name' | 'description' | 'category', locale: string | SQL) =>
  inLocale({
    translations: sql.raw(`${alias}.translations`),
    field,
    fallback: sql.raw(`${alias}.${field}`),
    locale: sql`${locale}`,
  });

const frameLogsSql = (
  locale: string | SQL,
) => sql`(select coalesce(json_agg(json_build_object('date', l.log_date, 'type', l.log_type,
      'note', l.note, 'positiveChange', case when pc.id is null then null
        else json_build_object('id', pc.id, 'name', ${text('pc', 'name', locale)}) end) order by l.log_date), '[]'::json)
    from habit_logs l left join positive_changes pc on pc.id = l.positive_change_id
    where l.user_habit_id = uh.id and l.log_date between uh.started_on and uh.frame_ends_on)`;

const pausesSql = sql`(select coalesce(json_agg(json_build_object('id', hp.id, 'from', hp.starts_on, 'to', hp.ends_on)
      order by hp.starts_on), '[]'::json)
    from habit_pauses hp where hp.user_habit_id = uh.id)`;

// The habit and its positive changes are named in the member's locale.
const factsSql = (locale: string | SQL) => sql`json_build_object('id', uh.id, 'habitId', uh.habit_id,
    'habitName', ${text('h', 'name', locale)},
    'status', uh.status, 'startedOn', uh.started_on, 'frameEndsOn', uh.frame_ends_on, 'targetDays', uh.target_days,
    'logs', ${frameLogsSql(locale)}, 'pauses', ${pausesSql})`;

type HistoryRow = { facts: HistoryFacts; changes: TPositiveChange[] };

// The caller's user habit (through its primary key) with its habit's positive changes, or null
// when it is not theirs. The history's first statement: it confirms a known caller.
const historyFactsStatement = sharedStatement<{ userId: string; userHabitId: string; locale: string }, HistoryRow>({
  name: 'habit_history_facts',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid', userHabitId: 'uuid', locale: 'text' },
  query: (p) => sql`select ${p.position} as position, json_build_object('facts', ${factsSql(p.locale)},
      'changes', (select coalesce(json_agg(json_build_object('id', pc.id, 'name', ${text('pc', 'name', p.locale)},
          'description', ${text('pc', 'description', p.locale)}, 'category', ${text('pc', 'category', p.locale)})
          order by pc.position), '[]'::json)
        from positive_changes pc where pc.habit_id = uh.habit_id)) as row
    from ${p.table}
    join user_habits uh on uh.id = ${p.userHabitId} and uh.user_id = ${p.userId}
    join habits h on h.id = uh.habit_id`,
});

export async function findHistoryFacts(
  database: AppDatabase,
  call: { userId: string; userHabitId: string; locale: string },
): Promise<(HistoryFacts & { positiveChanges: TPositiveChange[] }) | null> {
  const row = await database.run(historyFactsStatement, call);
  return row ? { ...row.facts, positiveChanges: row.changes } : null;
}

// The statement as SQL with its parameters (the benchmark prints its plan).
export const historyStatements = { historyFactsStatement };

export type CompletedFacts = HistoryFacts & { celebrated: boolean };

// The member's habits whose frame is over on `today` (completed, or still marked active), newest
// first, through the index of a member's user habits.
export async function listCompletedFacts(
  db: DbOrTx,
  options: { userId: string; today: string; locale: string },
): Promise<CompletedFacts[]> {
  const result = await db.execute(sql`select ${factsSql(options.locale)} as facts,
      exists (select 1 from habit_celebrations hc where hc.user_habit_id = uh.id) as celebrated
    from user_habits uh join habits h on h.id = uh.habit_id
    where uh.user_id = ${options.userId}
      and (uh.status = 'completed' or (uh.status = 'active' and uh.frame_ends_on < ${options.today}))
    order by uh.frame_ends_on desc, uh.id`);
  return rowsOf<{ facts: HistoryFacts; celebrated: boolean }>(result).map((r) => ({
    ...r.facts,
    celebrated: r.celebrated,
  }));
}

// Records that the member saw the celebration of the user habit; nothing when already recorded.
export async function insertCelebration(db: DbOrTx, userHabitId: string): Promise<void> {
  await db.execute(sql`insert into habit_celebrations (user_habit_id) values (${userHabitId})
    on conflict (user_habit_id) do nothing`);
}
