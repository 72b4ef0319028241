import type { TUserRole } from '@habitrack/contracts/auth/get-me';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateTimeFormat } from '../../../lib/i18n/formatters.ts';
import { LOCALE_NAMES, SUPPORTED_LOCALES, type TSupportedLocale } from '../../../lib/i18n/locales.ts';

const ROLE_LABELS = {
  leader: msg`Leader`,
  team_leader: msg`Team leader`,
  member: msg`Member`,
} as const satisfies Record<TUserRole, unknown>;

// A role's name in the active locale.
export function roleLabel(role: TUserRole): string {
  return i18n._(ROLE_LABELS[role]);
}

// The roles for a menu, in the active locale (call while rendering).
export function roleOptions(): { value: TUserRole; label: string }[] {
  return (Object.keys(ROLE_LABELS) as TUserRole[]).map((value) => ({ value, label: roleLabel(value) }));
}

// The languages HabiTrack speaks for a menu, each named in its own language.
export function localeOptions(): { value: TSupportedLocale; label: string }[] {
  return SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));
}

// An API instant in the administrator's own time zone and locale, e.g. "27 Nov 2026, 10:40" in en-GB.
export function formatInstant(iso: string | null): string {
  return iso ? dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
}
