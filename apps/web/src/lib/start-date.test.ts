import { describe, expect, it } from 'vitest';
import { formatStartDate, hasProgrammeStarted } from './start-date.ts';

describe('programme start date', () => {
  const now = new Date('2026-05-01T09:00:00Z');

  it('has started from the start instant on, never without a date', () => {
    expect(hasProgrammeStarted(null, now)).toBe(false);
    expect(hasProgrammeStarted('2026-05-01T09:00:01Z', now)).toBe(false);
    expect(hasProgrammeStarted('2026-05-01T09:00:00Z', now)).toBe(true);
    expect(hasProgrammeStarted('2026-04-01T00:00:00+02:00', now)).toBe(true);
  });

  it('is null without a date, else the date in words in the locale asked for', () => {
    expect(formatStartDate(null)).toBeNull();
    expect(formatStartDate('2026-09-15T12:00:00Z', 'en-GB')).toBe('15 September 2026');
    expect(formatStartDate('2026-09-15T12:00:00Z', 'de-DE')).toBe('15. September 2026');
  });
});
