import { sql, type SQL } from 'drizzle-orm';
import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { DbOrTx } from '../db/client.ts';
import type { VerifiedToken } from '../auth/verify-token.ts';
import { callerIsCurrentSql, type SignedInUser } from '../db/queries/identity.ts';
import { TurnBatch } from '../db/turn-batch.ts';
import { localDate } from '../lib/local-date.ts';
import { callerArrays, preparedPerDatabase } from '../db/prepared.ts';

type ManagedTeam = TUserFlowStatusResponse['manageable_teams'][number];

type FlowFacts = {
  hasActiveHabits: boolean;
  hasMoodToday: boolean;
  hasGoals: boolean;
  managed: ManagedTeam[];
  callerIsCurrent: boolean;
};
type FlowCall = { userId: string; today: string; issuer: string; subject: string; version: string };

// The EXISTS checks, the managed teams (as JSON, by name) and the caller check of one member, whose
// values come from `p` (placeholders of a single statement, or a row of a batch).
function flowFactsSelect(db: DbOrTx, p: { userId: SQL; today: SQL; issuer: SQL; subject: SQL; version: SQL }) {
  return db.select({
    hasActiveHabits: sql<boolean>`exists (select 1 from user_habits uh
        where uh.user_id = ${p.userId} and uh.status = 'active')`,
    hasMoodToday: sql<boolean>`exists (select 1 from mood_entries me
        where me.user_id = ${p.userId}
          and me.entry_date = ${p.today})`,
    hasGoals: sql<boolean>`exists (select 1 from organizational_goals g
        join cohorts c on c.programme_id = g.programme_id
        join cohort_members cm on cm.cohort_id = c.id
        where cm.user_id = ${p.userId})`,
    managed: sql<ManagedTeam[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'type', t.type)
          order by t.name), '[]'::json)
        from team_managers tm join teams t on t.id = tm.team_id where tm.user_id = ${p.userId})`,
    callerIsCurrent: callerIsCurrentSql({ issuer: p.issuer, subject: p.subject, userId: p.userId, version: p.version }),
  });
}

// One statement for one member.
const flowFactsQuery = (db: DbOrTx) =>
  flowFactsSelect(db, {
    userId: sql`${sql.placeholder('userId')}::uuid`,
    today: sql`${sql.placeholder('today')}::date`,
    issuer: sql`${sql.placeholder('issuer')}`,
    subject: sql`${sql.placeholder('subject')}`,
    version: sql`${sql.placeholder('version')}`,
  }).from(sql`(select 1) as one_row`);

// One statement for several members: a row each, in the order of the parameter arrays.
const flowFactsBatchQuery = (db: DbOrTx) =>
  flowFactsSelect(db, {
    userId: sql`b.user_id`,
    today: sql`b.today`,
    issuer: sql`b.issuer`,
    subject: sql`b.subject`,
    version: sql`b.version`,
  })
    .from(
      sql`unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('todays')}::date[],
        ${sql.placeholder('issuers')}::text[], ${sql.placeholder('subjects')}::text[], ${sql.placeholder('versions')}::text[])
        with ordinality as b(user_id, today, issuer, subject, version, position)`,
    )
    .orderBy(sql`b.position`);

// Parsed and planned once per database, not per request.
const prepared = preparedPerDatabase((db) => flowFactsQuery(db).prepare('user_flow_facts'));
const preparedBatches = preparedPerDatabase((db) => flowFactsBatchQuery(db).prepare('user_flow_facts_batch'));

// Requests arriving in the same turn of the event loop share one statement (TurnBatch).
const flowBatch = new TurnBatch<FlowCall, FlowFacts>({
  one: async (db, call) => (await prepared(db).execute(call))[0]!,
  many: (db, calls) =>
    preparedBatches(db).execute({
      userIds: calls.map((c) => c.userId),
      todays: calls.map((c) => c.today),
      ...callerArrays(calls),
    }),
});

// DOMAIN "Flow status": terms first, then onboarding until a habit is active, then the dashboard.
// One query whatever the user's history; it also confirms the caller (see withCaller).
export async function getUserFlowStatus(
  db: DbOrTx,
  options: { user: SignedInUser; token: VerifiedToken; now: Date },
): Promise<{ callerIsCurrent: boolean; answer: () => TUserFlowStatusResponse }> {
  const { user, token } = options;
  const facts = await flowBatch.call(db, {
    userId: user.id,
    today: localDate(options.now, user.timeZone),
    issuer: token.issuer,
    subject: token.subject,
    version: user.version,
  });

  const hasAcceptedTerms = user.termsAcceptedAt !== null && user.privacyAcceptedAt !== null;
  const hasActiveHabits = Boolean(facts?.hasActiveHabits);
  const value: TUserFlowStatusResponse = {
    navigation_path: !hasAcceptedTerms ? 'terms' : hasActiveHabits ? 'dashboard' : 'onboarding',
    has_accepted_terms: hasAcceptedTerms,
    has_active_habits: hasActiveHabits,
    needs_mood_entry: !facts?.hasMoodToday,
    role: user.role,
    has_organizational_goals: Boolean(facts?.hasGoals),
    manageable_teams: user.role === 'team_leader' ? (facts?.managed ?? []) : [],
  };
  return { callerIsCurrent: Boolean(facts?.callerIsCurrent), answer: () => value };
}
