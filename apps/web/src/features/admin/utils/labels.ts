import type { TUserRole } from '@habitrack/contracts/auth/get-me';

export const ROLE_LABELS: Record<TUserRole, string> = {
  leader: 'Leader',
  team_leader: 'Team leader',
  member: 'Member',
};

export const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as TUserRole[]).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

// An API instant in the administrator's own time zone, e.g. "27 Nov 2026, 10:40".
export function formatInstant(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}
