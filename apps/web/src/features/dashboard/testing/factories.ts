import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';

type TDashboardHabit = TDashboardResponse['active_habits'][number];
type TMoodWidget = TDashboardResponse['mood_widget'];

export function createDashboardHabit(overrides: Partial<TDashboardHabit> = {}): TDashboardHabit {
  return {
    id: crypto.randomUUID(),
    habit_id: crypto.randomUUID(),
    habit_name: 'Active Listening',
    progress_percentage: 20,
    current_streak: 4,
    days_completed: 12,
    total_days: 60,
    logged_today: false,
    paused_today: false,
    ...overrides,
  };
}

// The week ending on Sunday 2025-10-19 (today): two moods and a skip.
export function createMoodWidget(overrides: Partial<TMoodWidget> = {}): TMoodWidget {
  const dates = ['2025-10-13', '2025-10-14', '2025-10-15', '2025-10-16', '2025-10-17', '2025-10-18', '2025-10-19'];
  return {
    current_week: {
      dates,
      entries: {
        '2025-10-13': { mood_value: 4, mood_label: 'Good', mood_emoji: '🙂', skipped: false },
        '2025-10-15': { mood_value: null, mood_label: 'Skipped', mood_emoji: '⏭️', skipped: true },
        '2025-10-18': { mood_value: 5, mood_label: 'Great', mood_emoji: '😄', skipped: false },
      },
    },
    weekly_stats: { entries_count: 2, average_mood: 4.5, completion_rate: 29 },
    benefit_message: 'Every check-in helps you spot what lifts your energy. Keep going.',
    ...overrides,
  };
}

export function createDashboard(overrides: Partial<TDashboardResponse> = {}): TDashboardResponse {
  return {
    user_name: 'Priya Sharma',
    programme_name: 'Inclusive Leadership 2025',
    first_module_name: 'Module 1: Listening First',
    active_habits: [createDashboardHabit()],
    can_add_more_habits: true,
    team_widget: { name: 'Autumn Cohort', member_count: 8, my_rank: 3 },
    mood_widget: createMoodWidget(),
    positive_changes_widget: { total_logged: 0, changes: [] },
    endorsements_widget: { total_received: 0, new_since_last_visit: 0 },
    ...overrides,
  };
}

export function createFlowStatus(overrides: Partial<TUserFlowStatusResponse> = {}): TUserFlowStatusResponse {
  return {
    navigation_path: 'dashboard',
    has_accepted_terms: true,
    has_active_habits: true,
    needs_mood_entry: false,
    role: 'member',
    has_organizational_goals: true,
    manageable_teams: [],
    ...overrides,
  };
}
