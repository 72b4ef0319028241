import { afterEach, describe, expect, it } from 'vitest';
import { isReloginBlocked, markReloginAttempt } from './relogin-guard.ts';

afterEach(() => sessionStorage.clear());

describe('relogin guard', () => {
  it('blocks a second sign-in retry within the window only, for this tab', () => {
    expect(isReloginBlocked(60_000, 1_000_000)).toBe(false);
    markReloginAttempt(1_000_000);
    expect(sessionStorage.getItem('reloginAttemptAt')).toBe('1000000');
    expect(isReloginBlocked(60_000, 1_030_000)).toBe(true);
    expect(isReloginBlocked(60_000, 1_060_000)).toBe(false);
  });
});
