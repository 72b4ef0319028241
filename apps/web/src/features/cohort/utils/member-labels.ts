import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';

const ROLE_LABELS: Record<TUserRole, string> = {
  leader: 'Leader',
  team_leader: 'Team Leader',
  member: 'Member',
};

// A job title says more about a person than their programme role, so it wins when known.
export function roleOrJobTitle(user: Pick<TCohortMember['user'], 'job_title' | 'role'>): string {
  const title = user.job_title?.trim();
  return title ? title : ROLE_LABELS[user.role];
}

// The server lists active habits in the member's slot order; the first is the one shown as current.
export function currentHabit(member: Pick<TCohortMember, 'active_habits'>) {
  return member.active_habits[0] ?? null;
}

export function dayStreak(days: number): string {
  return `${days} day streak`;
}
