import type { TFlowState } from './root-decision.ts';

export type TLocalSigns = {
  // The visited flag: this browser has seen the user through the root decision before.
  visited: boolean;
  // Check-ins kept in this browser.
  hasLocalHabitLogs: boolean;
};

// Without the server's answer, the terms count as accepted (the server still enforces them) and
// what this browser remembers stands in for the active habits
// (docs/domain/dashboard-and-flow.md#flow-status-fallback).
// The role is unknown offline, so the user is treated as a member; the dashboard checks the role
// again once the flow status can be had.
export function localFallback({ visited, hasLocalHabitLogs }: TLocalSigns): TFlowState {
  const hasActiveHabits = visited || hasLocalHabitLogs;
  return {
    navigation_path: hasActiveHabits ? 'dashboard' : 'onboarding',
    has_accepted_terms: true,
    has_active_habits: hasActiveHabits,
    role: 'member',
    has_organizational_goals: false,
  };
}
