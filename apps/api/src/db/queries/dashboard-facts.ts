import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { TurnBatch } from '../turn-batch.ts';
import { callerIsCurrentParamSql, callerIsCurrentSql, type CallerCheck } from './identity.ts';
import { loggedTodaySql, streakSql } from './progress.ts';
import { callerArrays, preparedPerDatabase } from '../prepared.ts';
import {
  cohortContextCteSql,
  contextSql,
  standingsVersionSql,
  type CohortContextFacts,
  type StandingsVersion,
} from './standings.ts';

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
  // The versions these facts were read at (migration 0008): the member's activity version (null
  // before their first activity) and the programme content version, as text.
  activityVersion: string | null;
  contentVersion: string;
};

const activityVersionSql = (userId: unknown) =>
  sql<string | null>`(select ma.version::text from member_activity ma where ma.user_id = ${userId}::uuid)`;
const contentVersionSql = sql<string>`(select cv.version::text from content_version cv where cv.id = 1)`;

// Everything the dashboard shows, in one statement (one round trip, planned once per connection):
// the caller's active habits with their stored progress, cohort context (with the standings
// version: the rank comes from the StandingsCache), the week's moods and the positive changes
// they logged.
function dashboardFactsQuery(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  const today = sql`${sql.placeholder('today')}::date`;
  return db
    .select({
      callerIsCurrent: callerIsCurrentParamSql(userId),
      habits: sql<DashboardHabitFacts[]>`d.habits`,
      context: sql<CohortContextFacts | null>`d.context`,
      moods: sql<MoodFacts[]>`d.moods`,
      changes: sql<PositiveChangeFacts[]>`d.changes`,
      activityVersion: activityVersionSql(userId),
      contentVersion: contentVersionSql,
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

const prepared = preparedPerDatabase((db) => dashboardFactsQuery(db).prepare('dashboard_facts'));

export async function dashboardFacts(
  db: DbOrTx,
  options: {
    userId: string;
    today: string;
    weekStart: string;
    caller: CallerCheck;
  },
): Promise<DashboardFacts> {
  const query = prepared(db);
  const [row] = await query.execute({
    userId: options.userId,
    today: options.today,
    weekStart: options.weekStart,
    ...options.caller,
  });
  return row!;
}

export type DashboardVersions = {
  callerIsCurrent: boolean;
  activityVersion: string | null;
  contentVersion: string;
  // The caller's cohort and its standings version, null outside any cohort.
  standings: { cohort_id: string; version: StandingsVersion } | null;
};

// The member's cohort and its standings version (for the rank), null outside any cohort.
const standingsOfSql = (userId: unknown) =>
  sql<DashboardVersions['standings']>`(select json_build_object('cohort_id', c.id,
      'version', ${standingsVersionSql})
    from cohort_members cm join cohorts c on c.id = cm.cohort_id
    where cm.user_id = ${userId}::uuid limit 1)`;

// Whether facts read earlier are still exact, in one small statement: the caller check, the
// member's activity and content versions, and their cohort's standings version (for the rank).
function dashboardVersionsQuery(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      callerIsCurrent: callerIsCurrentParamSql(userId),
      activityVersion: activityVersionSql(userId),
      contentVersion: contentVersionSql,
      standings: standingsOfSql(userId),
    })
    .from(sql`(select 1) as one_row`);
}

const preparedVersions = preparedPerDatabase((db) => dashboardVersionsQuery(db).prepare('dashboard_versions'));

async function singleVersions(
  db: DbOrTx,
  options: { userId: string; caller: CallerCheck },
): Promise<DashboardVersions> {
  const [row] = await preparedVersions(db).execute({ userId: options.userId, ...options.caller });
  return row!;
}

// The same check for several members at once: one row per entry of the parameter arrays, in their
// order. Requests that arrive together (under load, many in one turn of the event loop) share one
// statement and one round trip instead of one each.
function dashboardVersionsBatchQuery(db: DbOrTx) {
  const userId = sql`b.user_id`;
  return db
    .select({
      callerIsCurrent: callerIsCurrentSql({
        issuer: sql`b.issuer`,
        subject: sql`b.subject`,
        userId,
        version: sql`b.version`,
      }),
      activityVersion: activityVersionSql(userId),
      contentVersion: contentVersionSql,
      standings: standingsOfSql(userId),
    })
    .from(
      sql`unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('issuers')}::text[],
        ${sql.placeholder('subjects')}::text[], ${sql.placeholder('versions')}::text[])
        with ordinality as b(user_id, issuer, subject, version, position)`,
    )
    .orderBy(sql`b.position`);
}

const preparedBatches = preparedPerDatabase((db) =>
  dashboardVersionsBatchQuery(db).prepare('dashboard_versions_batch'),
);

const versionsBatch = new TurnBatch<{ userId: string; caller: CallerCheck }, DashboardVersions>({
  one: singleVersions,
  many: (db, calls) =>
    preparedBatches(db).execute({
      userIds: calls.map((c) => c.userId),
      ...callerArrays(calls.map((c) => c.caller)),
    }),
});

// Checks arriving in the same turn of the event loop share one statement (TurnBatch).
export function dashboardVersions(
  db: DbOrTx,
  options: { userId: string; caller: CallerCheck },
): Promise<DashboardVersions> {
  return versionsBatch.call(db, options);
}

export function dashboardVersionsSql(db: DbOrTx) {
  return dashboardVersionsQuery(db).toSQL();
}

// The statement above as SQL with its parameters (the benchmark prints its plan).
export function dashboardFactsSql(db: DbOrTx) {
  return dashboardFactsQuery(db).toSQL();
}
