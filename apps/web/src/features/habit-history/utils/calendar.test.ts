import type { THistoryDay } from '@habitrack/contracts/habits/get-habit-history';
import { describe, expect, it } from 'vitest';
import { calendarWeeks, keyMove } from './calendar.ts';

const days = (first: string, n: number): THistoryDay[] =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { date: d.toISOString().slice(0, 10), state: 'future', note: null, positive_change: null, can_log: false };
  });

describe('the history calendar', () => {
  it('lays the frame out in weeks from Monday, leaving the days outside it empty', () => {
    // Sunday 1 November 2026, for 10 days: to Tuesday 10 November.
    const weeks = calendarWeeks(days('2026-11-01', 10));
    expect(weeks.map((week) => week.map((day) => day?.date.slice(8) ?? '..'))).toEqual([
      ['..', '..', '..', '..', '..', '..', '01'],
      ['02', '03', '04', '05', '06', '07', '08'],
      ['09', '10', '..', '..', '..', '..', '..'],
    ]);
  });

  it('moves a day, a week, to the ends of the week and four weeks, never out of the frame', () => {
    const frame = days('2026-11-01', 60);
    // Index 8 is Monday 9 November.
    expect(keyMove('ArrowRight', 8, frame)).toBe(9);
    expect(keyMove('ArrowLeft', 8, frame)).toBe(7);
    expect(keyMove('ArrowDown', 8, frame)).toBe(15);
    expect(keyMove('ArrowUp', 8, frame)).toBe(1);
    expect(keyMove('End', 8, frame)).toBe(14);
    expect(keyMove('Home', 10, frame)).toBe(8);
    expect(keyMove('PageDown', 50, frame)).toBe(59);
    expect(keyMove('ArrowUp', 3, frame)).toBe(0);
    expect(keyMove('Enter', 3, frame)).toBeNull();
  });

  it('moves the way the arrow points right to left, where the week starts on the right', () => {
    const frame = days('2026-11-01', 60);
    expect(keyMove('ArrowLeft', 8, frame, 1, 'rtl')).toBe(9);
    expect(keyMove('ArrowRight', 8, frame, 1, 'rtl')).toBe(7);
    expect(keyMove('ArrowRight', 0, frame, 1, 'rtl')).toBe(0);
    expect(keyMove('ArrowDown', 8, frame, 1, 'rtl')).toBe(15);
    expect(keyMove('Home', 10, frame, 1, 'rtl')).toBe(8);
    expect(keyMove('End', 8, frame, 1, 'rtl')).toBe(14);
  });
});
