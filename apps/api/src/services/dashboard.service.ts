import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import type { DbOrTx } from '../db/client.ts';
import { dashboardFacts } from '../db/queries/dashboard-facts.ts';
import type { VerifiedToken } from '../auth/verify-token.ts';
import { callerCheck, type SignedInUser } from '../db/queries/identity.ts';
import { progressPercentage } from '../db/queries/progress.ts';
import { standingsCache } from './standings.service.ts';
import { localDate } from '../lib/local-date.ts';
import { weekDates, weeklyMood } from './weekly-mood.ts';

// The welcome-back dashboard in one statement, whatever the member's history or cohort size; the
// rank comes from the cohort's standings in the StandingsCache, as recent as that statement saw.
export async function getDashboard(
  db: DbOrTx,
  options: { user: SignedInUser; token: VerifiedToken; now: Date },
): Promise<{ callerIsCurrent: boolean; answer: () => TDashboardResponse }> {
  const { user, now } = options;
  const today = localDate(now, user.timeZone);
  const facts = await dashboardFacts(db, {
    userId: user.id,
    today,
    weekStart: weekDates(today)[0]!,
    caller: callerCheck(user, options.token),
  });
  const { context } = facts;
  const ranked = context ? await standingsCache(db).ranked(context.cohort_id, context.standings_version, now) : null;
  // 0 only if the caller left the cohort after the statement above read it.
  const myRank = (ranked?.findIndex((row) => row.id === user.id) ?? -1) + 1;
  const habits = facts.habits.map((row) => ({
    id: row.id,
    habit_id: row.habit_id,
    habit_name: row.habit_name,
    progress_percentage: progressPercentage(row.days_completed, row.target_days),
    current_streak: row.current_streak,
    days_completed: row.days_completed,
    total_days: row.target_days,
    logged_today: row.logged_today,
  }));
  const value: TDashboardResponse = {
    user_name: user.fullName,
    programme_name: context?.programme_name ?? null,
    first_module_name: context?.first_module_name ?? null,
    active_habits: habits,
    can_add_more_habits: habits.length < MAX_ACTIVE_HABITS,
    team_widget:
      context && ranked && myRank > 0
        ? { name: context.cohort_name, member_count: ranked.length, my_rank: myRank }
        : null,
    mood_widget: weeklyMood({ today, moods: facts.moods }),
    positive_changes_widget: {
      total_logged: facts.changes.reduce((sum, change) => sum + change.count, 0),
      changes: facts.changes,
    },
  };
  return { callerIsCurrent: facts.callerIsCurrent, answer: () => value };
}
