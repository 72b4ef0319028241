import { describe, expect, it } from 'vitest';
import { isNewSince } from './endorsement-dates.ts';

describe('endorsement dates', () => {
  it('counts an endorsement as new when it arrived after the last visit, or before any visit', () => {
    expect(isNewSince('2026-11-20T10:00:00.000Z', null)).toBe(true);
    expect(isNewSince('2026-11-20T10:00:00.001Z', '2026-11-20T10:00:00.000Z')).toBe(true);
    expect(isNewSince('2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')).toBe(false);
    expect(isNewSince('2026-11-19T10:00:00.000Z', '2026-11-20T10:00:00.000Z')).toBe(false);
  });
});
