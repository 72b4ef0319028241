import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateTimeFormat } from './i18n/formatters.ts';

// A member's calendar day (YYYY-MM-DD: their local date, not an instant) in full in their locale,
// through the cached Intl formatters: read and formatted in UTC, so no time zone moves it to another
// day. The weekday and the date are joined by a message, so each locale places and punctuates them
// (en-GB without the comma Intl adds): 'Tuesday 24 November 2026'.
export function fullDate(i18n: I18n, day: string): string {
  const [year = 0, month = 1, dayOfMonth = 1] = day.split('-').map(Number);
  const instant = new Date(Date.UTC(year, month - 1, dayOfMonth));
  const weekday = dateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(instant);
  const date = dateTimeFormat(i18n.locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(instant);
  return i18n._(msg({ comment: 'A day: its weekday, then its date', message: `${weekday} ${date}` }));
}
