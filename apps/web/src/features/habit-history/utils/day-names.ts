import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateTimeFormat } from '../../../lib/i18n/formatters.ts';

// A member's calendar days (YYYY-MM-DD: their local date, not an instant) and the weekdays named in
// their locale, through the cached Intl formatters: read and formatted in UTC, so no time zone moves
// a day. en-GB reads as before: 'Tuesday 24 November 2026', '24 Nov 2026', 'Mon'/'Monday'.
function utcDate(day: string): Date {
  const [year = 0, month = 1, dayOfMonth = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, dayOfMonth));
}

// The weekday and the date are joined by a message, so each locale places and punctuates them (en-GB
// without the comma Intl adds).
export function fullDate(i18n: I18n, day: string): string {
  const instant = utcDate(day);
  const weekday = dateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(instant);
  const date = dateTimeFormat(i18n.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(instant);
  return i18n._(msg({ comment: 'A day: its weekday, then its date', message: `${weekday} ${date}` }));
}

export function shortDate(locale: string, day: string): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    utcDate(day),
  );
}

// The seven weekdays from `firstDay` (1 Monday … 7 Sunday), each short and long: 5 January 1970 was a
// Monday.
export function weekdayNames(locale: string, firstDay: number): { short: string; long: string }[] {
  const short = dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, column) => {
    const instant = new Date(Date.UTC(1970, 0, 5 + ((firstDay - 1 + column) % 7)));
    return { short: short.format(instant), long: long.format(instant) };
  });
}
