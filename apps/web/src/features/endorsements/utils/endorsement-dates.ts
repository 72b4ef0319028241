import { fullDate } from '../../../lib/calendar-day.ts';
import { dateTimeFormat } from '../../../lib/i18n/formatters.ts';
import { PSEUDO_LOCALE, SOURCE_LOCALE } from '../../../lib/i18n/locales.ts';

// A calendar day (YYYY-MM-DD) in words in the locale shown: "Friday 20 November 2026" in en-GB,
// "Freitag, 20. November 2026" in de-DE. British English keeps the app's own day names
// (lib/calendar-day.ts: no comma after the weekday, and no Intl formatter to load); the others
// format the day as a UTC date, so the browser's time zone cannot move it.
export function calendarDayInWords(locale: string, day: string): string {
  if (locale === SOURCE_LOCALE || locale === PSEUDO_LOCALE) return fullDate(day);
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const format = dateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(year, month - 1, date)));
}

// Whether an endorsement arrived after the member's previous visit (all are new before the first).
export function isNewSince(createdAt: string, seenAt: string | null): boolean {
  return seenAt === null || Date.parse(createdAt) > Date.parse(seenAt);
}
