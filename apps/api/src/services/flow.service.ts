import { sql } from 'drizzle-orm';
import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { DbOrTx } from '../db/client.ts';
import type { VerifiedToken } from '../auth/verify-token.ts';
import { callerIsCurrentParamSql, type SignedInUser } from '../db/queries/identity.ts';
import { localDate } from '../lib/local-date.ts';

type ManagedTeam = TUserFlowStatusResponse['manageable_teams'][number];

// One statement: the EXISTS checks and the managed teams (as JSON, by name).
function flowFactsQuery(db: DbOrTx) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      hasActiveHabits: sql<boolean>`exists (select 1 from user_habits uh
        where uh.user_id = ${userId} and uh.status = 'active')`,
      hasMoodToday: sql<boolean>`exists (select 1 from mood_entries me
        where me.user_id = ${userId}
          and me.entry_date = ${sql.placeholder('today')}::date)`,
      hasGoals: sql<boolean>`exists (select 1 from organizational_goals g
        join cohorts c on c.programme_id = g.programme_id
        join cohort_members cm on cm.cohort_id = c.id
        where cm.user_id = ${userId})`,
      managed: sql<
        ManagedTeam[]
      >`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'type', t.type)
          order by t.name), '[]'::json)
        from team_managers tm join teams t on t.id = tm.team_id where tm.user_id = ${userId})`,
      callerIsCurrent: callerIsCurrentParamSql(userId),
    })
    .from(sql`(select 1) as one_row`);
}

// Parsed and planned once per database, not per request.
const prepared = new WeakMap<DbOrTx, ReturnType<ReturnType<typeof flowFactsQuery>['prepare']>>();

// DOMAIN "Flow status": terms first, then onboarding until a habit is active, then the dashboard.
// One query whatever the user's history; it also confirms the caller (see withCaller).
export async function getUserFlowStatus(
  db: DbOrTx,
  options: { user: SignedInUser; token: VerifiedToken; now: Date },
): Promise<{ callerIsCurrent: boolean; answer: () => TUserFlowStatusResponse }> {
  const { user, token } = options;
  let query = prepared.get(db);
  if (!query) {
    query = flowFactsQuery(db).prepare('user_flow_facts');
    prepared.set(db, query);
  }
  const [facts] = await query.execute({
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
