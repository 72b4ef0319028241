import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { callerIsCurrentSql, type CallerCheck } from './identity.ts';
import { loggedTodaySql, streakSql } from './progress.ts';
import { cohortContextCteSql, contextSql, type CohortContextFacts } from './standings.ts';

export type DashboardHabitFacts = {
  id: string;
  habit_id: string;
  habit_name: string;
  target_days: number;
  days_completed: number;
  current_streak: number;
  logged_today: boolean;
};
export type MoodFacts = { date: string; value: number | null; skipped: boolean };
export type PositiveChangeFacts = {
  id: string;
  name: string;
  description: string | null;
  category: string;
  count: number;
};

export type DashboardFacts = {
  callerIsCurrent: boolean;
  habits: DashboardHabitFacts[];
  context: CohortContextFacts | null;
  moods: MoodFacts[];
  changes: PositiveChangeFacts[];
};

// Everything the dashboard shows, in one statement (one round trip, planned once per connection):
// the caller's active habits with their stored progress, cohort context (with the standings
// version: the rank comes from the StandingsCache), the week's moods and the positive changes
// they logged.
function dashboardFactsQuery(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  const today = sql`${sql.placeholder('today')}::date`;
  return db
    .select({
      callerIsCurrent: callerIsCurrentSql({
        issuer: sql.placeholder('issuer'),
        subject: sql.placeholder('subject'),
        userId,
        version: sql.placeholder('version'),
      }),
      habits: sql<DashboardHabitFacts[]>`d.habits`,
      context: sql<CohortContextFacts | null>`d.context`,
      moods: sql<MoodFacts[]>`d.moods`,
      changes: sql<PositiveChangeFacts[]>`d.changes`,
    })
    .from(
      sql`(
        with ${cohortContextCteSql(sql`${userId}`)}
        select
          (select coalesce(json_agg(json_build_object('id', uh.id, 'habit_id', uh.habit_id, 'habit_name', h.name,
              'target_days', uh.target_days, 'days_completed', uh.days_completed,
              'current_streak', ${streakSql(today)}, 'logged_today', ${loggedTodaySql(today)})
              order by uh.slot), '[]'::json)
            from user_habits uh join habits h on h.id = uh.habit_id
            where uh.user_id = ${userId} and uh.status = 'active') as habits,
          ${contextSql()} as context,
          (select coalesce(json_agg(json_build_object('date', me.entry_date, 'value', me.mood_value,
              'skipped', me.skipped)), '[]'::json)
            from mood_entries me
            where me.user_id = ${userId} and me.entry_date between ${sql.placeholder('weekStart')}::date and ${today}
          ) as moods,
          (select coalesce(json_agg(json_build_object('id', z.id, 'name', z.name, 'description', z.description,
              'category', z.category, 'count', z.count) order by z.count desc, z.name), '[]'::json)
            from (
              select pc.id, pc.name, pc.description, pc.category, count(*)::int as count
              from user_habits uh
              join habit_logs l on l.user_habit_id = uh.id and l.log_type = 'completed'
                and l.positive_change_id is not null
              join positive_changes pc on pc.id = l.positive_change_id
              where uh.user_id = ${userId}
              group by pc.id
            ) z) as changes
      ) d`,
    );
}

const prepared = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof dashboardFactsQuery>['prepare']>>();

export async function dashboardFacts(
  db: DbOrTx,
  options: {
    userId: string;
    today: string;
    weekStart: string;
    caller: CallerCheck;
  },
): Promise<DashboardFacts> {
  let query = prepared.get(db);
  if (!query) {
    query = dashboardFactsQuery(db).prepare('dashboard_facts');
    prepared.set(db, query);
  }
  const [row] = await query.execute({
    userId: options.userId,
    today: options.today,
    weekStart: options.weekStart,
    ...options.caller,
  });
  return row!;
}

// The statement above as SQL with its parameters (the benchmark prints its plan).
export function dashboardFactsSql(db: DbOrTx) {
  return dashboardFactsQuery(db).toSQL();
}
