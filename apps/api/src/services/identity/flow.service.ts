import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { findFlowFacts } from '../../db/queries/identity/flow.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { localDate } from '../../lib/local-date.ts';

// Terms first, then onboarding until a habit is active, then the dashboard
// (docs/domain/dashboard-and-flow.md#flow-status).
export async function getUserFlowStatus(
  database: AppDatabase,
  options: { user: SignedInUser; now: Date },
): Promise<TUserFlowStatusResponse> {
  const { user } = options;
  const facts = await findFlowFacts(database, { userId: user.id, today: localDate(options.now, user.timeZone) });
  const hasAcceptedTerms = user.termsAcceptedAt !== null && user.privacyAcceptedAt !== null;
  return {
    navigation_path: !hasAcceptedTerms ? 'terms' : facts.hasActiveHabits ? 'dashboard' : 'onboarding',
    has_accepted_terms: hasAcceptedTerms,
    has_active_habits: facts.hasActiveHabits,
    needs_mood_entry: !facts.hasMoodToday,
    role: user.role,
    has_organizational_goals: facts.hasGoals,
    manageable_teams: user.role === 'team_leader' ? facts.managedTeams : [],
  };
}
