import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { plural } from '../../../lib/plural.ts';

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

// The Streak column names what the number is: the cell says how long.
export function dayStreak(days: number): string {
  return plural(days, 'day');
}

// The member's other active habits, beside the current one: "and 1 other habit"; null with none.
export function otherHabits(member: Pick<TCohortMember, 'active_habits'>): string | null {
  const others = member.active_habits.length - 1;
  return others > 0 ? `and ${plural(others, 'other habit')}` : null;
}

// What the progress figure is: the mean over all active habits
// (docs/domain/streaks-and-strength.md#a-members-total-progress), not the current habit's own
// progress.
export function progressLabel(member: Pick<TCohortMember, 'active_habits'>): string {
  const count = member.active_habits.length;
  return count > 1 ? `Average progress over ${plural(count, 'active habit')}` : 'Average progress';
}
