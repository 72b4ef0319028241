import { and, eq, sql } from 'drizzle-orm';
import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { DbOrTx } from '../db/client.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import {
  cohortMembers,
  cohorts,
  moodEntries,
  organizationalGoals,
  teamManagers,
  teams,
  userHabits,
} from '../db/schema/index.ts';
import { localDate } from '../lib/local-date.ts';

// DOMAIN "Flow status": terms first, then onboarding until a habit is active, then the dashboard.
// Two queries whatever the user's history: one row of EXISTS checks, and the managed teams.
export async function getUserFlowStatus(
  db: DbOrTx,
  options: { user: SignedInUser; now: Date },
): Promise<TUserFlowStatusResponse> {
  const { user } = options;
  const today = localDate(options.now, user.timeZone);
  const [facts] = await db
    .select({
      hasActiveHabits: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(userHabits)
        .where(and(eq(userHabits.userId, user.id), eq(userHabits.status, 'active')))})`,
      hasMoodToday: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(moodEntries)
        .where(and(eq(moodEntries.userId, user.id), eq(moodEntries.entryDate, today)))})`,
      hasGoals: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(organizationalGoals)
        .innerJoin(cohorts, eq(cohorts.programmeId, organizationalGoals.programmeId))
        .innerJoin(cohortMembers, eq(cohortMembers.cohortId, cohorts.id))
        .where(eq(cohortMembers.userId, user.id))})`,
    })
    .from(sql`(select 1) as one_row`);
  const managed = await db
    .select({ id: teams.id, name: teams.name, type: teams.type })
    .from(teamManagers)
    .innerJoin(teams, eq(teams.id, teamManagers.teamId))
    .where(eq(teamManagers.userId, user.id))
    .orderBy(teams.name);

  const hasAcceptedTerms = user.termsAcceptedAt !== null && user.privacyAcceptedAt !== null;
  const hasActiveHabits = Boolean(facts?.hasActiveHabits);
  return {
    navigation_path: !hasAcceptedTerms ? 'terms' : hasActiveHabits ? 'dashboard' : 'onboarding',
    has_accepted_terms: hasAcceptedTerms,
    has_active_habits: hasActiveHabits,
    needs_mood_entry: !facts?.hasMoodToday,
    role: user.role,
    has_organizational_goals: Boolean(facts?.hasGoals),
    manageable_teams: user.role === 'team_leader' ? managed : [],
  };
}
