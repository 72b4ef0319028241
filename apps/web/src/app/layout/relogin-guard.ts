import { z } from 'zod';
import { storedItem } from '../../lib/storage.ts';

// When the API rejects a token the app signs in again, but only once per window: a second rejection
// soon after means signing in again will not help, and looping through the provider would. Kept
// for the tab (session storage); without it there is no guard, and the user still has Logout.
const lastAttempt = storedItem('reloginAttemptAt', z.number(), 'session');

export function isReloginBlocked(windowMs: number, now: number = Date.now()): boolean {
  const last = lastAttempt.read();
  return last !== undefined && last > 0 && now - last < windowMs;
}

export function markReloginAttempt(now: number = Date.now()): void {
  lastAttempt.write(now);
}
