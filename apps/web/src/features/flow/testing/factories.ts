import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';

// A member who has accepted the terms and tracks habits: the common case; tests override the rest.
export function createFlowStatus(overrides: Partial<TUserFlowStatusResponse> = {}): TUserFlowStatusResponse {
  return {
    navigation_path: 'dashboard',
    has_accepted_terms: true,
    has_active_habits: true,
    needs_mood_entry: false,
    role: 'member',
    has_organizational_goals: true,
    manageable_teams: [],
    ...overrides,
  };
}
