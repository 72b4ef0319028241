import { describe, expect, it } from 'vitest';
import { addDays, datesBetween, localDate } from './local-date.ts';

describe('localDate', () => {
  it("gives each time zone's own date for one instant", () => {
    const instant = new Date('2026-10-03T10:00:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-10-03');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-10-04');
    expect(localDate(instant, 'Pacific/Pago_Pago')).toBe('2026-10-02');
    expect(localDate(instant, 'Asia/Kolkata')).toBe('2026-10-03');
  });

  it('moves to the next date exactly at local midnight, in the same minute as before and after', () => {
    // London is UTC+0 in winter, UTC+1 in summer; Kolkata is UTC+5:30; Kathmandu UTC+5:45.
    const cases: [string, string, string, string][] = [
      ['Europe/London', '2026-01-15T23:59:59.999Z', '2026-01-15', '2026-01-16'],
      ['Europe/London', '2026-07-15T22:59:59.999Z', '2026-07-15', '2026-07-16'],
      ['Asia/Kolkata', '2026-07-15T18:29:59.999Z', '2026-07-15', '2026-07-16'],
      ['Asia/Kathmandu', '2026-07-15T18:14:59.999Z', '2026-07-15', '2026-07-16'],
    ];
    for (const [zone, before, dayBefore, dayAfter] of cases) {
      const last = new Date(before);
      const early = new Date(last.getTime() - 30_000);
      expect(localDate(early, zone), `${zone} ${early.toISOString()}`).toBe(dayBefore);
      expect(localDate(last, zone), `${zone} ${before}`).toBe(dayBefore);
      expect(localDate(new Date(last.getTime() + 1), zone), `${zone} after ${before}`).toBe(dayAfter);
      // And back again: an earlier instant after a later one is not answered from the later minute.
      expect(localDate(last, zone), `${zone} ${before} again`).toBe(dayBefore);
    }
  });

  it('keeps one date across a daylight-saving change', () => {
    // Clocks go forward in London at 01:00 UTC on 29 March 2026.
    expect(localDate(new Date('2026-03-29T00:59:00Z'), 'Europe/London')).toBe('2026-03-29');
    expect(localDate(new Date('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('2026-03-29');
    expect(localDate(new Date('2026-03-29T22:59:59Z'), 'Europe/London')).toBe('2026-03-29');
    expect(localDate(new Date('2026-03-29T23:00:00Z'), 'Europe/London')).toBe('2026-03-30');
  });
});

describe('calendar arithmetic', () => {
  it('adds and subtracts days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-01-05', -400)).toBe('2024-12-01');
    expect(addDays('2026-11-27', 0)).toBe('2026-11-27');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-27', -6)).toBe('2026-11-21');
    expect(addDays('2026-11-03', 6)).toBe('2026-11-09');
    expect(addDays('2026-11-09', 1)).toBe('2026-11-10');
    expect(addDays('2026-02-27', 1)).toBe('2026-02-28');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-11-30', 0)).toBe('2026-11-30');
    expect(addDays('2026-11-05', -5)).toBe('2026-10-31');
  });

  it('agrees with the calendar for every offset of a year from every day of two years', () => {
    const calendar = (date: string, days: number) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + days);
      return d.toISOString().slice(0, 10);
    };
    for (let start = Date.UTC(2027, 0, 1); start < Date.UTC(2029, 0, 1); start += 86_400_000) {
      const date = new Date(start).toISOString().slice(0, 10);
      for (const days of [-400, -31, -29, -7, -6, -1, 0, 1, 6, 7, 27, 28, 29, 31, 366]) {
        expect(addDays(date, days)).toBe(calendar(date, days));
      }
    }
  });

  it('lists every date between two, both included', () => {
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});
