import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import type { DbOrTx } from '../db/client.ts';
import { findCohortContext, positiveChangeCounts } from '../db/queries/dashboard.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { activeHabitStats, progressPercentage } from '../db/queries/progress.ts';
import { cohortStandings } from './standings.service.ts';
import { weeklyMood } from './weekly-mood.ts';

// The welcome-back dashboard in a fixed number of queries, whatever the member's history.
export async function getDashboard(
  db: DbOrTx,
  options: { user: SignedInUser; now: Date },
): Promise<TDashboardResponse> {
  const { user, now } = options;
  const [habitStats, context, mood, changes] = await Promise.all([
    activeHabitStats(db, { userId: user.id, now }),
    findCohortContext(db, user.id),
    weeklyMood(db, { user, now }),
    positiveChangeCounts(db, user.id),
  ]);

  let teamWidget: TDashboardResponse['team_widget'] = null;
  if (context) {
    const ranked = await cohortStandings(db, { cohortId: context.cohortId, now });
    teamWidget = {
      name: context.cohortName,
      member_count: ranked.length,
      my_rank: ranked.findIndex((row) => row.id === user.id) + 1,
    };
  }

  return {
    user_name: user.fullName,
    programme_name: context?.programmeName ?? null,
    first_module_name: context?.firstModuleName ?? null,
    active_habits: habitStats.map((row) => ({
      id: row.user_habit_id,
      habit_id: row.habit_id,
      habit_name: row.habit_name,
      progress_percentage: progressPercentage(row.days_completed, row.target_days),
      current_streak: row.current_streak,
      days_completed: row.days_completed,
      total_days: row.target_days,
      logged_today: row.logged_today,
    })),
    can_add_more_habits: habitStats.length < MAX_ACTIVE_HABITS,
    team_widget: teamWidget,
    mood_widget: mood,
    positive_changes_widget: {
      total_logged: changes.reduce((sum, change) => sum + change.count, 0),
      changes,
    },
  };
}
