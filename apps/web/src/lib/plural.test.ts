import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('a count in words', () => {
  it('uses the singular for exactly one, the plural otherwise', () => {
    expect(plural(0, 'day')).toBe('0 days');
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(5, 'day')).toBe('5 days');
    expect(plural(1.5, 'day')).toBe('1.5 days');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'check-in is', 'check-ins are')).toBe('1 check-in is');
    expect(plural(3, 'check-in is', 'check-ins are')).toBe('3 check-ins are');
  });
});
