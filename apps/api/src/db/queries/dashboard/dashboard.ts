import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../speed/app-database.ts';
import { heldAnswer, sameVersions, type Versions } from '../../speed/held-answers.ts';
import { sharedStatement } from '../../speed/shared-statements.ts';
import { memberCohortSql, memberCohortVersionSql, type CohortVersion, type MemberCohort } from '../social/cohorts.ts';
import { endorsementCountsSql, type EndorsementCounts } from '../social/endorsements-received.ts';
import { loggedTodaySql, pausedTodaySql, streakSql } from '../habits/progress.ts';
import { callerIsCurrent } from '../identity/identity.ts';
import { inLocale } from '../programmes/translations.ts';

export type DashboardHabitFacts = {
  id: string;
  habit_id: string;
  habit_name: string;
  target_days: number;
  days_completed: number;
  current_streak: number;
  logged_today: boolean;
  paused_today: boolean;
};
export type MoodFacts = { date: string; value: number | null; skipped: boolean };
export type PositiveChangeFacts = {
  id: string;
  name: string;
  description: string | null;
  category: string;
  count: number;
};

// The versions a member's dashboard facts were read at (migration 0008): their activity version
// (null before their first activity) and the content version, as text; and their cohort (the
// rank comes from its standings, as of its standings version). Read with the facts, the cohort
// comes with its names; a check reads only which cohort and its standings version (the names are
// content, covered by the content version).
type DashboardVersions<C extends CohortVersion = CohortVersion> = {
  activity: string | null;
  content: string;
  cohort: C | null;
};

// What the dashboard shows of the member, and their cohort as of this request.
export type DashboardFacts = {
  habits: DashboardHabitFacts[];
  moods: MoodFacts[];
  changes: PositiveChangeFacts[];
  endorsements: EndorsementCounts;
  cohort: MemberCohort | null;
};
type DashboardRow = Omit<DashboardFacts, 'cohort'> & { versions: DashboardVersions<MemberCohort> };

// `locale`: the member's, in which the habits, positive changes and programme are named.
type DashboardCall = { userId: string; today: string; weekStart: string; locale: string };

const versionsSql = <C extends CohortVersion>(userId: SQL, cohort: SQL<C | null>) => sql<
  DashboardVersions<C>
>`json_build_object(
  'activity', (select ma.version::text from member_activity ma where ma.user_id = ${userId}),
  'content', (select cv.version::text from content_version cv where cv.id = 1),
  'cohort', ${cohort})`;

const text = (alias: string, field: 'name' | 'description' | 'category', locale: SQL) =>
  inLocale({
    translations: sql.raw(`${alias}.translations`),
    field,
    fallback: sql.raw(`${alias}.${field}`),
    locale,
  });

// Everything the dashboard shows of the member, with the versions it was read at: their active
// habits (a habit whose frame is over on `today` is completed, decision 014) with their stored progress, their cohort, the week's moods, the positive changes they
// logged and the endorsements they received (all, and since they last opened them).
const dashboardFactsStatement = sharedStatement<DashboardCall, DashboardRow>({
  name: 'dashboard_facts',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid', today: 'date', weekStart: 'date', locale: 'text' },
  query: (p) => sql`select ${p.position} as position, json_build_object(
      'habits', (select coalesce(json_agg(json_build_object('id', uh.id, 'habit_id', uh.habit_id,
          'habit_name', ${text('h', 'name', p.locale)}, 'target_days', uh.target_days, 'days_completed', uh.days_completed,
          'current_streak', ${streakSql(p.today)}, 'logged_today', ${loggedTodaySql(p.today)},
          'paused_today', ${pausedTodaySql(p.today)}) order by uh.slot),
          '[]'::json)
        from user_habits uh join habits h on h.id = uh.habit_id
        where uh.user_id = ${p.userId} and uh.status = 'active' and uh.frame_ends_on >= ${p.today}),
      'moods', (select coalesce(json_agg(json_build_object('date', me.entry_date, 'value', me.mood_value,
          'skipped', me.skipped)), '[]'::json)
        from mood_entries me
        where me.user_id = ${p.userId} and me.entry_date between ${p.weekStart} and ${p.today}),
      'changes', (select coalesce(json_agg(json_build_object('id', z.id, 'name', z.name,
          'description', z.description, 'category', z.category, 'count', z.count) order by z.count desc, z.name),
          '[]'::json)
        from (
          select pc.id, ${text('pc', 'name', p.locale)} as name, ${text('pc', 'description', p.locale)} as description,
            ${text('pc', 'category', p.locale)} as category, count(*)::int as count
          from user_habits uh
          join habit_logs l on l.user_habit_id = uh.id and l.log_type = 'completed'
            and l.positive_change_id is not null
          join positive_changes pc on pc.id = l.positive_change_id
          where uh.user_id = ${p.userId}
          group by pc.id
        ) z),
      'endorsements', ${endorsementCountsSql(p.userId)},
      'versions', ${versionsSql(p.userId, memberCohortSql(p.userId, p.locale))}) as row
    from ${p.table}`,
});

// Whether facts read earlier are still exact, in one small statement.
const dashboardVersionsStatement = sharedStatement<{ userId: string }, DashboardVersions>({
  name: 'dashboard_versions',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid' },
  query: (p) =>
    sql`select ${p.position} as position, ${versionsSql(p.userId, memberCohortVersionSql(p.userId))} as row from ${p.table}`,
});

// The versions that confirm held facts: the activity and content versions, and which cohort.
const confirmedBy = (versions: DashboardVersions): Versions => [
  versions.activity,
  versions.content,
  versions.cohort?.id ?? null,
];

// A member's dashboard facts, held while nothing they show has changed: triggers raise the
// member's activity version or the content version in the transaction of every change, and their
// cohort is read with them. Held for one local date (the streaks and the week depend on it) and
// one locale (the names are in it).
const heldDashboardFacts = heldAnswer<DashboardCall, DashboardFacts, AppDatabase>({
  name: 'dashboard facts',
  max: 10_000,
  key: (call) => `${call.userId} ${call.today} ${call.locale}`,
  read: async (database, call) => {
    const row = await database.run(dashboardFactsStatement, call);
    if (!row) return null;
    const { versions, ...facts } = row;
    return { value: { ...facts, cohort: versions.cohort }, versions: confirmedBy(versions) };
  },
  seen: async (database, call) => {
    const current = await database.run(dashboardVersionsStatement, { userId: call.userId });
    if (!current) return null;
    // The held facts serve only the cohort they were read with (its id is confirmed), whose
    // standings may have moved on: the rank is read at their current version. While it is the one
    // held, so are the facts (the same object, request after request).
    const standings = current.cohort?.standings_version;
    return {
      versions: confirmedBy(current),
      update: (held) =>
        !held.cohort || !standings || sameVersions(held.cohort.standings_version, standings)
          ? held
          : { ...held, cohort: { ...held.cohort, standings_version: standings } },
    };
  },
});

export async function findDashboardFacts(database: AppDatabase, call: DashboardCall): Promise<DashboardFacts> {
  const facts = await database.held(heldDashboardFacts, call);
  if (!facts) throw new Error('the dashboard statement answered no row');
  return facts;
}

// The statements as SQL with their parameters (the benchmark prints their plans).
export const dashboardStatements = { dashboardFactsStatement, dashboardVersionsStatement };
