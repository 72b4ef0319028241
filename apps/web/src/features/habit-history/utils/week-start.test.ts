import { describe, expect, it } from 'vitest';
import { calendarWeeks, keyMove } from './calendar.ts';
import { weekdayNames } from './day-names.ts';
import { firstDayOfWeek, fromTable } from './week-start.ts';
import { createHistory } from '../testing/factories.ts';

describe('the first day of the week', () => {
  it("follows the locale: Monday in en-GB and de-DE, Sunday in en-US, the source's in the pseudo-locale", () => {
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('pseudo-LOCALE')).toBe(1);
  });

  it('falls back to the region, or the region a language stands for, where Intl has no week information', () => {
    expect(fromTable('pt-BR')).toBe(7);
    expect(fromTable('ja-JP')).toBe(7);
    expect(fromTable('ar')).toBe(6);
    expect(fromTable('fr-FR')).toBe(1);
  });

  it('names the columns from that day, in the locale', () => {
    expect(weekdayNames('en-GB', 1).map((day) => day.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('en-US', 7)[0]).toEqual({ short: 'Sun', long: 'Sunday' });
    expect(weekdayNames('de-DE', 1)[0]!.long).toBe('Montag');
  });

  it('lays the days out and moves Home/End within the week as it starts', () => {
    // The frame starts on Sunday 1 November 2026.
    const { days } = createHistory();
    expect(calendarWeeks(days, 1)[0]).toEqual([null, null, null, null, null, null, days[0]]);
    expect(calendarWeeks(days, 7)[0]).toEqual(days.slice(0, 7));
    expect(keyMove('End', 0, days, 1)).toBe(0);
    expect(keyMove('End', 0, days, 7)).toBe(6);
    expect(keyMove('Home', 3, days, 7)).toBe(0);
  });
});
