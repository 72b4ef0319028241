import { describe, expect, it } from 'vitest';
import { CATCH_UP_MINUTES, dueOccasion } from './notifications.service.ts';

// The due-time rule on a fake clock: `now` is handed in.
const due = (
  now: string,
  timeZone: string,
  time: string,
  kind: 'daily_reminder' | 'weekly_summary' = 'daily_reminder',
) => dueOccasion({ kind, now: new Date(now), timeZone, time });

describe('dueOccasion', () => {
  it("is due from the instant for the catch-up window, on the member's local date", () => {
    expect(due('2026-06-10T06:59:59Z', 'Europe/London', '08:00')).toBeNull();
    expect(due('2026-06-10T07:00:00Z', 'Europe/London', '08:00')).toEqual({
      localDate: '2026-06-10',
      dueAt: new Date('2026-06-10T07:00:00Z'),
    });
    expect(due('2026-06-10T07:59:59Z', 'Europe/London', '08:00')?.localDate).toBe('2026-06-10');
    expect(CATCH_UP_MINUTES).toBe(60);
    expect(due('2026-06-10T08:00:00Z', 'Europe/London', '08:00')).toBeNull();
  });

  it("uses the member's own date: 08:00 in Auckland is the evening before in UTC", () => {
    expect(due('2026-06-14T20:00:00Z', 'Pacific/Auckland', '08:00')?.localDate).toBe('2026-06-15');
    expect(due('2026-06-14T20:00:00Z', 'America/New_York', '08:00')).toBeNull();
  });

  it('a skipped time (spring forward) is due at the first instant after the gap, once', () => {
    expect(due('2026-03-08T06:59:00Z', 'America/New_York', '02:30')).toBeNull();
    expect(due('2026-03-08T07:00:00Z', 'America/New_York', '02:30')?.dueAt.toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(due('2026-09-26T13:59:00Z', 'Pacific/Auckland', '02:30')).toBeNull();
    expect(due('2026-09-26T14:00:00Z', 'Pacific/Auckland', '02:30')?.localDate).toBe('2026-09-27');
    expect(due('2026-03-29T00:59:00Z', 'Europe/London', '01:30')).toBeNull();
    expect(due('2026-03-29T01:00:00Z', 'Europe/London', '01:30')?.localDate).toBe('2026-03-29');
  });

  it('a repeated time (fall back) is due from its first occurrence; the second is the same occasion', () => {
    const first = due('2026-11-01T05:30:00Z', 'America/New_York', '01:30');
    expect(first?.dueAt.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // The second 01:30 (EST) is the same local date's occasion, already claimed by then.
    expect(due('2026-11-01T06:30:00Z', 'America/New_York', '01:30')).toBeNull();
    expect(due('2026-10-25T00:30:00Z', 'Europe/London', '01:30')?.localDate).toBe('2026-10-25');
    expect(due('2026-04-04T13:30:00Z', 'Pacific/Auckland', '02:30')?.localDate).toBe('2026-04-05');
  });

  it('never reaches back across midnight', () => {
    // 00:10 BST on 11 June: the 10th's 23:45 was 25 minutes ago, but that date is over.
    expect(due('2026-06-10T22:50:00Z', 'Europe/London', '23:45')?.localDate).toBe('2026-06-10');
    expect(due('2026-06-10T23:10:00Z', 'Europe/London', '23:45')).toBeNull();
    expect(due('2026-06-11T00:05:00Z', 'UTC', '23:45')).toBeNull();
  });

  it("the weekly summary: Monday 08:00 in the member's zone only", () => {
    // Monday 8 June 2026, 08:00 BST.
    expect(due('2026-06-08T07:00:00Z', 'Europe/London', 'ignored', 'weekly_summary')?.localDate).toBe('2026-06-08');
    expect(due('2026-06-09T07:00:00Z', 'Europe/London', 'ignored', 'weekly_summary')).toBeNull();
    // Monday 08:00 in Auckland is Sunday 20:00 UTC.
    expect(due('2026-06-07T20:00:00Z', 'Pacific/Auckland', 'ignored', 'weekly_summary')?.localDate).toBe('2026-06-08');
    expect(due('2026-06-08T12:00:00Z', 'America/New_York', 'ignored', 'weekly_summary')?.localDate).toBe('2026-06-08');
  });
});
