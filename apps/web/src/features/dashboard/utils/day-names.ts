import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateTimeFormat } from '../../../lib/i18n/formatters.ts';

// A member's calendar day (YYYY-MM-DD: their local date, not an instant) named in their locale,
// through the cached Intl formatters. The day is read as a UTC date and formatted in UTC, so no time
// zone moves it to the day before or after. The weekday and the date are joined by a message, so
// each locale places and punctuates them (and en-GB reads as before, without the comma Intl adds in
// some versions): 'Mon', 'Monday 13 October'.
function utcDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

export function shortWeekday(locale: string, day: string): string {
  return dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(utcDate(day));
}

export function weekdayDayMonth(i18n: I18n, day: string): string {
  const instant = utcDate(day);
  const weekday = dateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(instant);
  const date = dateTimeFormat(i18n.locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(instant);
  return i18n._(msg({ comment: 'A day: its weekday, then its date', message: `${weekday} ${date}` }));
}
