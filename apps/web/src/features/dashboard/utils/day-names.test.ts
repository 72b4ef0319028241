import { describe, expect, it } from 'vitest';
import { longDayName, shortDayName } from './day-names.ts';

describe('day names', () => {
  it('names the calendar day itself, whatever the browser time zone', () => {
    expect(shortDayName('2025-10-13')).toBe('Mon');
    expect(longDayName('2025-10-13')).toBe('Monday 13 October');
    expect(shortDayName('2025-10-19')).toBe('Sun');
  });
});
