import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { findDashboardFacts, type DashboardFacts } from '../../db/queries/dashboard/dashboard.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { derivedAnswer } from '../../db/speed/held-answers.ts';
import { deepFreeze } from '../../lib/deep-freeze.ts';
import { localDate } from '../../lib/local-date.ts';
import { progressPercentage } from '../habits/progress.ts';
import { rankedStandings, type RankedStandings } from '../social/standings.service.ts';
import { weeklyMood, weekStart } from './weekly-mood.ts';

// The welcome-back dashboard (docs/domain/dashboard-and-flow.md#the-dashboard): the member's active
// habits, their place in the cohort, the week's moods and the positive changes they logged.
export async function getDashboard(
  database: AppDatabase,
  options: { user: SignedInUser; now: Date; locale: string },
): Promise<TDashboardResponse> {
  const { user, now } = options;
  const today = localDate(now, user.timeZone);
  const facts = await findDashboardFacts(database, {
    userId: user.id,
    today,
    weekStart: weekStart(today),
    locale: options.locale,
  });
  const ranked = facts.cohort
    ? await rankedStandings(database, { cohort: facts.cohort, now, locale: options.locale })
    : null;
  return database.derived(dashboardAnswer, { user, today, locale: options.locale, facts, ranked });
}

type DashboardInputs = {
  user: SignedInUser;
  today: string;
  locale: string;
  facts: DashboardFacts;
  ranked: RankedStandings | null;
};

// A member's dashboard is made from their held facts and their cohort's held standings: made once
// while both stay the same, and frozen, so it is written to JSON once too (contract-serializer.ts).
const dashboardAnswer = derivedAnswer<DashboardInputs, TDashboardResponse>({
  name: 'dashboard',
  max: 10_000,
  key: ({ user, today, locale }) => `${user.id} ${today} ${locale}`,
  inputs: ({ user, facts, ranked }) => [facts, ranked, user.fullName],
  make: (inputs) => deepFreeze(dashboardOf(inputs)),
});

function dashboardOf({ user, today, facts, ranked }: DashboardInputs): TDashboardResponse {
  const { cohort } = facts;
  // 0 only if the member left the cohort after their facts were read.
  const myRank = (ranked?.findIndex((entry) => entry.user.id === user.id) ?? -1) + 1;
  const habits = facts.habits.map((row) => ({
    id: row.id,
    habit_id: row.habit_id,
    habit_name: row.habit_name,
    progress_percentage: progressPercentage(row.days_completed, row.target_days),
    current_streak: row.current_streak,
    days_completed: row.days_completed,
    total_days: row.target_days,
    logged_today: row.logged_today,
    paused_today: row.paused_today,
  }));
  return {
    user_name: user.fullName,
    programme_name: cohort?.programme_name ?? null,
    first_module_name: cohort?.first_module_name ?? null,
    active_habits: habits,
    can_add_more_habits: habits.length < MAX_ACTIVE_HABITS,
    team_widget:
      cohort && ranked && myRank > 0 ? { name: cohort.name, member_count: ranked.length, my_rank: myRank } : null,
    mood_widget: weeklyMood({ today, moods: facts.moods }),
    positive_changes_widget: {
      total_logged: facts.changes.reduce((sum, change) => sum + change.count, 0),
      changes: facts.changes,
    },
    endorsements_widget: facts.endorsements,
  };
}
