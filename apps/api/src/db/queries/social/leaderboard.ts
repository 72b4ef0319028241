import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import type { ReadAnswer } from '../../speed/held-answers.ts';
import type { AppDatabase } from '../../speed/app-database.ts';
import { sharedStatement } from '../../speed/shared-statements.ts';
import { memberCohortVersionSql, standingsVersionSql, type CohortVersion, type StandingsVersion } from './cohorts.ts';
import { memberStandingsSql } from '../habits/progress.ts';
import { callerIsCurrent } from '../identity/identity.ts';

export type LeaderboardFacts = { cohort: CohortVersion | null; endorsedToday: string[] };

// What the leaderboard needs of the caller: their cohort (with its standings version) and whom
// they endorsed on their `today`.
const leaderboardFactsStatement = sharedStatement<{ userId: string; today: string }, LeaderboardFacts>({
  name: 'leaderboard_facts',
  confirms: { caller: 'userId', isCurrent: callerIsCurrent },
  params: { userId: 'uuid', today: 'date' },
  query: (p) => sql`select ${p.position} as position, json_build_object('cohort', ${memberCohortVersionSql(p.userId)},
      'endorsedToday', (select coalesce(json_agg(e.endorsed_id), '[]'::json) from endorsements e
        where e.endorser_id = ${p.userId} and e.endorsed_on = ${p.today})) as row
    from ${p.table}`,
});

export async function findLeaderboardFacts(
  database: AppDatabase,
  call: { userId: string; today: string },
): Promise<LeaderboardFacts> {
  return (await database.run(leaderboardFactsStatement, call)) ?? { cohort: null, endorsedToday: [] };
}

export type StandingHabit = { name: string; days_completed: number; target_days: number };
export type StandingFacts = {
  id: string;
  full_name: string;
  email: string;
  job_title: string | null;
  role: 'member' | 'leader' | 'team_leader';
  streak: number;
  habits: StandingHabit[];
  received: number;
};

// A cohort's members as of `version`; `valid_from` and `valid_until` bound the moments for which
// every member's local date is what it was when they were read.
export type CohortStandingsFacts = {
  version: StandingsVersion;
  valid_from: string;
  valid_until: string;
  members: StandingFacts[];
};

// `locale`: the one the members' habits are named in.
function cohortStandingsQuery(db: DbOrTx, options: { cohortId: string; now: Date; locale: string }) {
  const cohortId = sql`${options.cohortId}::uuid`;
  return db
    .select({
      standings: sql<CohortStandingsFacts>`json_build_object('version', ${standingsVersionSql},
        'valid_from', max(s.day_began_at), 'valid_until', min(s.next_day_at),
        'members', coalesce(json_agg(json_build_object('id', s.id, 'full_name', s.full_name, 'email', s.email,
          'job_title', s.job_title, 'role', s.role, 'streak', s.streak, 'habits', s.habits, 'received', s.received))
          filter (where s.id is not null), '[]'::json))`,
    })
    .from(
      sql`cohorts c left join (${memberStandingsSql({ cohortId, now: sql`${options.now.toISOString()}`, locale: sql`${options.locale}` })}) s on true`,
    )
    .where(sql`c.id = ${cohortId}`)
    .groupBy(sql`c.id`);
}

// Every member of the cohort and its standings version, read in one snapshot; null when the
// cohort no longer exists.
export async function findCohortStandings(
  db: DbOrTx,
  options: { cohortId: string; now: Date; locale: string },
): Promise<CohortStandingsFacts | null> {
  const [row] = await cohortStandingsQuery(db, options);
  return row?.standings ?? null;
}

// The same, as a held answer is read (db/speed/held-answers.ts): the members, confirmed by the
// standings version and exact while every member's local date stays what it was.
export async function readCohortStandings(
  db: DbOrTx,
  options: { cohortId: string; now: Date; locale: string },
): Promise<ReadAnswer<StandingFacts[]> | null> {
  const facts = await findCohortStandings(db, options);
  if (!facts) return null;
  return {
    value: facts.members,
    versions: facts.version,
    from: Date.parse(facts.valid_from),
    until: Date.parse(facts.valid_until),
  };
}

// The statements as SQL with their parameters (the benchmark prints their plans).
export const leaderboardStatements = { leaderboardFactsStatement, cohortStandingsQuery };
