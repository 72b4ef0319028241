import { describe, expect, it } from 'vitest';
import { fullDate } from './calendar-day.ts';
import { activateLocale, i18n } from './i18n/i18n.ts';

describe('a calendar day in words', () => {
  it('names the calendar day itself in the active locale, whatever the time zone', async () => {
    expect(fullDate(i18n, '2026-11-20')).toBe('Friday 20 November 2026');
    expect(fullDate(i18n, '2027-01-01')).toBe('Friday 1 January 2027');
    await activateLocale('de-DE');
    expect(fullDate(i18n, '2026-11-20')).toBe('Freitag, 20. November 2026');
    await activateLocale('ja-JP');
    expect(fullDate(i18n, '2026-11-20')).toMatch(/^金曜日.*2026年11月20日|^2026年11月20日.*金曜日/);
  });
});
