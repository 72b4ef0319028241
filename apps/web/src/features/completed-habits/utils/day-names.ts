import { dateTimeFormat } from '../../../lib/i18n/formatters.ts';

// A member's calendar day (YYYY-MM-DD: their local date, not an instant) in short in their locale,
// through the cached Intl formatters: read and formatted in UTC, so no time zone moves it to another
// day. en-GB: '24 Nov 2026' (and 'Sept').
export function shortDate(locale: string, day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}
