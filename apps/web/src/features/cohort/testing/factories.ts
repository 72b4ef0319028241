import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import type { TEndorsement } from '@habitrack/contracts/social/endorse-member';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';

type MemberOverrides = Partial<Omit<TCohortMember, 'user'>> & { user?: Partial<TCohortMember['user']> };

export function createCohortMember({ user, ...overrides }: MemberOverrides = {}): TCohortMember {
  return {
    user: {
      id: crypto.randomUUID(),
      email: 'aisha.okoye@acme.example',
      full_name: 'Aisha Okoye',
      job_title: 'People Partner',
      role: 'member',
      ...user,
    },
    rank: 1,
    active_habits: [{ name: 'Active Listening', days_completed: 12 }],
    total_progress_percentage: 20,
    current_streak: 4,
    total_endorsements: 3,
    endorsed_today: false,
    is_current_user: false,
    ...overrides,
  };
}

// A ranked cohort of four: two mates ahead, the signed-in member, one newcomer without habits.
export function createCohort() {
  const aisha = createCohortMember({ rank: 1, total_progress_percentage: 45, current_streak: 9 });
  const tom = createCohortMember({
    user: { full_name: 'Tom Gallagher', email: 'tom.gallagher@acme.example', job_title: null, role: 'team_leader' },
    rank: 2,
    active_habits: [
      { name: 'Daily Check-ins', days_completed: 20 },
      { name: 'Say Thank You', days_completed: 5 },
    ],
    total_progress_percentage: 30,
    current_streak: 1,
    total_endorsements: 7,
  });
  const priya = createCohortMember({
    user: { id: '0b8f5a52-4c1e-4d43-9b8a-3c2d1e0f9a11', full_name: 'Priya Sharma', job_title: 'Senior Engineer' },
    rank: 3,
    total_progress_percentage: 10,
    current_streak: 0,
    total_endorsements: 2,
    is_current_user: true,
  });
  const sam = createCohortMember({
    user: { full_name: 'Sam Patel', job_title: null, role: 'member' },
    rank: 4,
    active_habits: [],
    total_progress_percentage: 0,
    current_streak: 0,
    total_endorsements: 0,
  });
  return { members: [aisha, tom, priya, sam], aisha, tom, priya, sam };
}

export function createEndorsement(member: TCohortMember, overrides: Partial<TEndorsement> = {}): TEndorsement {
  return {
    id: crypto.randomUUID(),
    endorsed_user_id: member.user.id,
    message: 'Great job staying consistent with your habits! Keep up the excellent work.',
    endorsed_on: '2025-10-19',
    total_endorsements: member.total_endorsements + 1,
    ...overrides,
  };
}

// Only the team widget matters to this page; the rest is the smallest body the contract accepts.
export function createDashboard(teamWidget: TDashboardResponse['team_widget']): TDashboardResponse {
  return {
    user_name: 'Priya Sharma',
    programme_name: 'Leadership Excellence Programme',
    first_module_name: null,
    active_habits: [],
    can_add_more_habits: true,
    team_widget: teamWidget,
    mood_widget: {
      current_week: { dates: [], entries: {} },
      weekly_stats: { entries_count: 0, average_mood: null, completion_rate: 0 },
      benefit_message: null,
    },
    positive_changes_widget: { total_logged: 0, changes: [] },
    endorsements_widget: { total_received: 0, new_since_last_visit: 0 },
  };
}
