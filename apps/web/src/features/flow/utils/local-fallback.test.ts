import { describe, expect, it } from 'vitest';
import { localFallback } from './local-fallback.ts';
import { decideRoot } from './root-decision.ts';

describe('localFallback (docs/domain/dashboard-and-flow.md#flow-status-fallback)', () => {
  it('treats the terms as accepted and assumes active habits when the visited flag is set', () => {
    const state = localFallback({ visited: true, hasLocalHabitLogs: false });
    expect(state).toMatchObject({ navigation_path: 'dashboard', has_accepted_terms: true, has_active_habits: true });
    expect(decideRoot(state)).toEqual({ kind: 'redirect', to: '/programme/dashboard' });
  });

  it('assumes active habits when habit logs are kept locally', () => {
    const state = localFallback({ visited: false, hasLocalHabitLogs: true });
    expect(state).toMatchObject({ navigation_path: 'dashboard', has_active_habits: true });
    expect(decideRoot(state)).toEqual({ kind: 'redirect', to: '/programme/dashboard' });
  });

  it('falls back to onboarding with nothing local', () => {
    const state = localFallback({ visited: false, hasLocalHabitLogs: false });
    expect(state).toMatchObject({ navigation_path: 'onboarding', has_accepted_terms: true, has_active_habits: false });
    expect(decideRoot(state)).toEqual({ kind: 'redirect', to: '/programme/intro' });
  });

  it('never shows the terms or a role screen: the role is unknown offline', () => {
    for (const visited of [true, false]) {
      const state = localFallback({ visited, hasLocalHabitLogs: false });
      expect(state.role).toBe('member');
      expect(decideRoot(state).kind).toBe('redirect');
    }
  });
});
