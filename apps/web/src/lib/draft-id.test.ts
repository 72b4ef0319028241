import { describe, expect, it } from 'vitest';
import { isStoredId, nextTempId, storedIdOf } from './draft-id.ts';

describe('isStoredId', () => {
  it('counts a text id longer than 10 characters as stored', () => {
    expect(isStoredId('3f2b8c1e-7d4a-4c9b-a5e6-0f1d2c3b4a59')).toBe(true);
    expect(isStoredId('abcdefghijk')).toBe(true);
  });

  it('counts numeric temporary ids and short texts as new', () => {
    expect(isStoredId(1_767_225_600_000)).toBe(false);
    expect(isStoredId(7)).toBe(false);
    expect(isStoredId('abcdefghij')).toBe(false);
    expect(isStoredId('')).toBe(false);
  });

  it("gives the server's id only for stored rows", () => {
    expect(storedIdOf('3f2b8c1e-7d4a-4c9b-a5e6-0f1d2c3b4a59')).toBe('3f2b8c1e-7d4a-4c9b-a5e6-0f1d2c3b4a59');
    expect(storedIdOf(1_767_225_600_000)).toBeNull();
    expect(storedIdOf('short')).toBeNull();
  });
});

describe('nextTempId', () => {
  it('uses the clock, and never hands out the same id twice', () => {
    const first = nextTempId(5_000_000_000_000);
    const second = nextTempId(5_000_000_000_000);
    expect(first).toBe(5_000_000_000_000);
    expect(second).toBe(5_000_000_000_001);
    expect(nextTempId(1)).toBe(5_000_000_000_002);
  });
});
