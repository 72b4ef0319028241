import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';

// These labels are read while the leaderboard renders, in the language shown then.
const ROLE_LABELS: Record<TUserRole, MessageDescriptor> = {
  leader: msg`Leader`,
  team_leader: msg`Team Leader`,
  member: msg`Member`,
};

// A job title says more about a person than their programme role, so it wins when known.
export function roleOrJobTitle(user: Pick<TCohortMember['user'], 'job_title' | 'role'>): string {
  const title = user.job_title?.trim();
  return title ? title : i18n._(ROLE_LABELS[user.role]);
}

// The server lists active habits in the member's slot order; the first is the one shown as current.
export function currentHabit(member: Pick<TCohortMember, 'active_habits'>) {
  return member.active_habits[0] ?? null;
}

// A number of days: "1 day", "12 days".
export function dayCount(days: number): string {
  return plural(days, { one: '# day', other: '# days' });
}

// The Streak column names what the number is: the cell says how long.
export function dayStreak(days: number): string {
  return dayCount(days);
}

// The member's other active habits, beside the current one: "and 1 other habit"; null with none.
export function otherHabits(member: Pick<TCohortMember, 'active_habits'>): string | null {
  const others = member.active_habits.length - 1;
  return others > 0 ? t`and ${plural(others, { one: '# other habit', other: '# other habits' })}` : null;
}

// What the progress figure is: the mean over all active habits
// (docs/domain/streaks-and-strength.md#a-members-total-progress), not the current habit's own
// progress.
export function progressLabel(member: Pick<TCohortMember, 'active_habits'>): string {
  const count = member.active_habits.length;
  return count > 1
    ? t`Average progress over ${plural(count, { one: '# active habit', other: '# active habits' })}`
    : t`Average progress`;
}
