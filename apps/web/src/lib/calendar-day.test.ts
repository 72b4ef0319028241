import { describe, expect, it } from 'vitest';
import { fullDate, shortDate, shortWeekday, weekdayDayMonth } from './calendar-day.ts';

const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });

describe('calendar day names', () => {
  it("write every day of three years as en-GB's formatters do", () => {
    const short = utc({ weekday: 'short' });
    const long = utc({ weekday: 'long', day: 'numeric', month: 'long' });
    const full = utc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const brief = utc({ day: 'numeric', month: 'short', year: 'numeric' });
    let checked = 0;
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const instant = new Date(time);
      const day = instant.toISOString().slice(0, 10);
      expect(shortWeekday(day)).toBe(short.format(instant));
      expect(weekdayDayMonth(day)).toBe(long.format(instant).replace(',', ''));
      expect(fullDate(day)).toBe(full.format(instant).replace(',', ''));
      expect(shortDate(day)).toBe(brief.format(instant));
      checked += 1;
    }
    expect(checked).toBe(1096);
  });

  it('names the calendar day itself, whatever the time zone', () => {
    expect(shortWeekday('2025-10-13')).toBe('Mon');
    expect(weekdayDayMonth('2025-10-13')).toBe('Monday 13 October');
    expect(fullDate('2026-11-20')).toBe('Friday 20 November 2026');
    expect(shortDate('2026-09-01')).toBe('1 Sept 2026');
  });
});
