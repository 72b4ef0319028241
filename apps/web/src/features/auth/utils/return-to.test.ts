import { describe, expect, it } from 'vitest';
import { sanitizeReturnTo } from './return-to.ts';

describe('sanitizeReturnTo', () => {
  it.each([
    ['/programme/cohort?tab=1#top', '/programme/cohort?tab=1#top'],
    ['/', '/'],
    [undefined, '/'],
    [42, '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/callback', '/'],
    ['/callback?code=1', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeReturnTo(input)).toBe(expected);
  });
});
