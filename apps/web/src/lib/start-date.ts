import { dateTimeFormat } from './i18n/formatters.ts';
import { activeLocale } from './i18n/i18n.ts';

// Goals are read-only from the programme's starts_at on
// (docs/domain/leaders-goals-kpis.md#the-start-date-lock); the server refuses writes with 409
// anyway, this only spares the leader a form that cannot be saved.
export function hasProgrammeStarted(startsAt: string | null, now: Date = new Date()): boolean {
  return startsAt !== null && new Date(startsAt).getTime() <= now.getTime();
}

// In the reader's locale and calendar, like every other date the app shows; null when there is no
// start date (the caller says so in its own words).
export function formatStartDate(startsAt: string | null, locale: string = activeLocale()): string | null {
  if (startsAt === null) return null;
  return dateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(startsAt));
}
