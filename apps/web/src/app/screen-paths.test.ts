import { describe, expect, it } from 'vitest';
import { isKeptScreenPath, KEPT_SCREEN_PATHS, SCREEN_PATHS } from './screen-paths.ts';

describe('kept screen paths', () => {
  it('are the member’s screens and the insights, not the organisational forms, administration, start or unsubscribe pages', () => {
    for (const path of [
      '/programme/dashboard',
      '/programme/cohort',
      '/programme/behaviour-habit-selection',
      '/programme/habit-track/0f9a4c1e-1111-4222-8333-444455556666',
      '/settings/notifications',
      '/leader/insights',
      '/team-leader/insights',
    ]) {
      expect(isKeptScreenPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/notifications/unsubscribe',
      '/leader/goals-setup',
      '/team-leader/kpi-setup',
      '/admin/users',
      '/login',
    ]) {
      expect(isKeptScreenPath(path), path).toBe(false);
    }
    expect(KEPT_SCREEN_PATHS.every((path) => SCREEN_PATHS.some(([address]) => address === path))).toBe(true);
  });
});
