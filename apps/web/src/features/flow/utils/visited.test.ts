import { describe, expect, it } from 'vitest';
import { forgetVisited, hasVisited, markVisited } from './visited.ts';

describe('visited flag', () => {
  it('is off until marked, off again once forgotten, and off for anything but true', () => {
    expect(hasVisited()).toBe(false);
    markVisited();
    expect(hasVisited()).toBe(true);
    forgetVisited();
    expect(hasVisited()).toBe(false);
    localStorage.setItem('hasVisited', '"yes"');
    expect(hasVisited()).toBe(false);
  });
});
