import { describe, expect, it } from 'vitest';
import { firstInstantAt, isoWeekday } from './zoned-time.ts';

const at = (date: string, time: string, timeZone: string) => firstInstantAt({ date, time, timeZone }).toISOString();

describe('firstInstantAt: the first instant a wall clock reads a time', () => {
  it('an ordinary day: the one instant, in summer and in winter', () => {
    expect(at('2026-06-15', '08:00', 'Europe/London')).toBe('2026-06-15T07:00:00.000Z');
    expect(at('2026-01-15', '08:00', 'Europe/London')).toBe('2026-01-15T08:00:00.000Z');
    expect(at('2026-06-15', '08:00', 'America/New_York')).toBe('2026-06-15T12:00:00.000Z');
    expect(at('2026-06-15', '08:00', 'Pacific/Auckland')).toBe('2026-06-14T20:00:00.000Z');
    expect(at('2026-01-15', '08:00', 'Pacific/Auckland')).toBe('2026-01-14T19:00:00.000Z');
    expect(at('2026-06-15', '08:00', 'Asia/Kathmandu')).toBe('2026-06-15T02:15:00.000Z');
    expect(at('2026-06-15', '00:00', 'UTC')).toBe('2026-06-15T00:00:00.000Z');
  });

  it('a time the clocks skip (spring forward): the first instant after the gap', () => {
    // New York: 02:00 EST becomes 03:00 EDT at 07:00Z.
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '02:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '01:45', 'America/New_York')).toBe('2026-03-08T06:45:00.000Z');
    expect(at('2026-03-08', '03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', '03:15', 'America/New_York')).toBe('2026-03-08T07:15:00.000Z');
    // London: 01:00 GMT becomes 02:00 BST at 01:00Z.
    expect(at('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:00:00.000Z');
    // Auckland: 02:00 NZST becomes 03:00 NZDT at 14:00Z the day before.
    expect(at('2026-09-27', '02:30', 'Pacific/Auckland')).toBe('2026-09-26T14:00:00.000Z');
  });

  it('a time that occurs twice (fall back): the first of the two', () => {
    // New York: 01:30 EDT (05:30Z), then 01:30 EST (06:30Z).
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    // London: 01:30 BST (00:30Z), then 01:30 GMT (01:30Z).
    expect(at('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    // Auckland: 02:30 NZDT (13:30Z), then 02:30 NZST (14:30Z).
    expect(at('2026-04-05', '02:30', 'Pacific/Auckland')).toBe('2026-04-04T13:30:00.000Z');
    // Just after the repeated hour: once only.
    expect(at('2026-11-01', '02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('isoWeekday: Monday is 1, Sunday 7', () => {
    expect(isoWeekday('2026-06-08')).toBe(1);
    expect(isoWeekday('2026-06-14')).toBe(7);
    expect(isoWeekday('2026-06-10')).toBe(3);
  });
});
