import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { callerIsCurrentParamSql, callerIsCurrentSql, type CallerCheck } from './identity.ts';
import { TurnBatch } from '../turn-batch.ts';
import { memberStandingsSql } from './progress.ts';
import { callerArrays, preparedPerDatabase } from '../prepared.ts';

export type StandingRow = {
  id: string;
  full_name: string;
  email: string;
  job_title: string | null;
  role: 'member' | 'leader' | 'team_leader';
  progress: number;
  streak: number;
  habits: { name: string; days_completed: number }[];
  received: number;
};

// [the cohort's membership counter, the sum of its stripe counters] (migrations 0006, 0009): every
// change the leaderboard shows raises one or the other, and neither ever goes down.
export type StandingsVersion = [number, number];

export function isAtLeast(a: StandingsVersion, b: StandingsVersion): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);
}

// The standings version of cohort `c`, read in the statement's snapshot.
export const standingsVersionSql = sql`json_build_array(c.standings_version,
  (select coalesce(sum(s.version), 0) from cohort_standings_stripes s where s.cohort_id = c.id))`;

// A cohort's standings as computed at `version`; valid_from and valid_until bound the moments
// for which every member's local date is what it was when they were computed.
export type StandingsFacts = {
  version: StandingsVersion;
  valid_from: string;
  valid_until: string;
  members: StandingRow[];
};

export type CohortContextFacts = {
  cohort_id: string;
  cohort_name: string;
  programme_name: string;
  first_module_name: string | null;
  standings_version: StandingsVersion;
};

// The caller `userId`'s cohort with its programme, first module and standings version (one row or none).
function cohortContextSelectSql(userId: SQL): SQL {
  return sql`select c.id as cohort_id, c.name as cohort_name, p.name as programme_name,
        (select m.name from modules m where m.programme_id = p.id order by m.position limit 1) as first_module_name,
        ${standingsVersionSql} as standings_version
      from cohort_members cm
      join cohorts c on c.id = cm.cohort_id
      join programmes p on p.id = c.programme_id
      where cm.user_id = ${userId}
      limit 1`;
}

// A CTE for a statement about the caller `userId`: ctx, their cohort with its programme, first
// module and standings version.
export function cohortContextCteSql(userId: SQL): SQL {
  return sql`
    ctx as (${cohortContextSelectSql(userId)})`;
}

export function contextSql(): SQL {
  return sql`(select row_to_json(ctx) from ctx)`;
}

// Every member of one cohort and the cohort's standings version, read in one snapshot.
function cohortStandingsQuery(db: DbOrTx) {
  const cohortId = sql`${sql.placeholder('cohortId')}::uuid`;
  return db
    .select({
      standings: sql<StandingsFacts>`(select json_build_object('version', ${standingsVersionSql},
          'valid_from', max(s.day_began_at), 'valid_until', min(s.next_day_at),
          'members', coalesce(json_agg(json_build_object('id', s.id, 'full_name', s.full_name, 'email', s.email,
            'job_title', s.job_title, 'role', s.role, 'progress', s.progress, 'streak', s.streak, 'habits', s.habits,
            'received', s.received)), '[]'::json))
        from cohorts c
        left join (${memberStandingsSql({ cohortId, now: sql`${sql.placeholder('now')}` })}) s on true
        where c.id = ${cohortId}
        group by c.id)`,
    })
    .from(sql`(select 1) as one_row`);
}

const preparedStandings = preparedPerDatabase((db) => cohortStandingsQuery(db).prepare('cohort_standings'));

// Null when the cohort no longer exists.
export async function cohortStandings(
  db: DbOrTx,
  options: { cohortId: string; now: Date },
): Promise<StandingsFacts | null> {
  const query = preparedStandings(db);
  const [row] = await query.execute({ cohortId: options.cohortId, now: options.now.toISOString() });
  return row?.standings ?? null;
}

export function cohortStandingsSql(db: DbOrTx) {
  return cohortStandingsQuery(db).toSQL();
}

export type CohortMembersFacts = {
  callerIsCurrent: boolean;
  context: CohortContextFacts | null;
  endorsed_today: string[];
};

// The leaderboard's own facts in one statement: the caller's cohort (with its standings version)
// and whom the caller endorsed on their `today`; the standings come from the StandingsCache.
function cohortMembersFactsQuery(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      callerIsCurrent: callerIsCurrentParamSql(userId),
      context: sql<CohortContextFacts | null>`d.context`,
      endorsed_today: sql<string[]>`d.endorsed_today`,
    })
    .from(
      sql`(
        with ${cohortContextCteSql(sql`${userId}`)}
        select ${contextSql()} as context,
          (select coalesce(json_agg(e.endorsed_id), '[]'::json) from endorsements e
            where e.endorser_id = ${userId} and e.endorsed_on = ${sql.placeholder('today')}::date) as endorsed_today
      ) d`,
    );
}

// The same facts for several callers at once: a row per entry of the parameter arrays, in order.
function cohortMembersFactsBatchQuery(db: DbOrTx) {
  return db
    .select({
      callerIsCurrent: callerIsCurrentSql({
        issuer: sql`b.issuer`,
        subject: sql`b.subject`,
        userId: sql`b.user_id`,
        version: sql`b.version`,
      }),
      context: sql<CohortContextFacts | null>`(select row_to_json(ctx) from (${cohortContextSelectSql(sql`b.user_id`)}) ctx)`,
      endorsed_today: sql<string[]>`(select coalesce(json_agg(e.endorsed_id), '[]'::json) from endorsements e
        where e.endorser_id = b.user_id and e.endorsed_on = b.today)`,
    })
    .from(
      sql`unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('todays')}::date[],
        ${sql.placeholder('issuers')}::text[], ${sql.placeholder('subjects')}::text[], ${sql.placeholder('versions')}::text[])
        with ordinality as b(user_id, today, issuer, subject, version, position)`,
    )
    .orderBy(sql`b.position`);
}

const preparedMembers = preparedPerDatabase((db) => cohortMembersFactsQuery(db).prepare('cohort_members_facts'));
const preparedMembersBatch = preparedPerDatabase((db) =>
  cohortMembersFactsBatchQuery(db).prepare('cohort_members_facts_batch'),
);

type MembersCall = { userId: string; today: string; caller: CallerCheck };

// Requests arriving in the same turn of the event loop share one statement (TurnBatch).
const membersBatch = new TurnBatch<MembersCall, CohortMembersFacts>({
  one: async (db, { caller, ...values }) => (await preparedMembers(db).execute({ ...values, ...caller }))[0]!,
  many: (db, calls) =>
    preparedMembersBatch(db).execute({
      userIds: calls.map((c) => c.userId),
      todays: calls.map((c) => c.today),
      ...callerArrays(calls.map((c) => c.caller)),
    }),
});

export function cohortMembersFacts(db: DbOrTx, options: MembersCall): Promise<CohortMembersFacts> {
  return membersBatch.call(db, options);
}

export function cohortMembersFactsSql(db: DbOrTx) {
  return cohortMembersFactsQuery(db).toSQL();
}
