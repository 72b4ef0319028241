import type { TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';

export type TDashboardGate =
  | { status: 'pending' }
  | { status: 'goals-setup' }
  | { status: 'waiting-for-goals' }
  | { status: 'ready'; needsMoodEntry: boolean };

// What the dashboard route shows
// (docs/domain/dashboard-and-flow.md#what-the-dashboard-route-shows). `null` = the flow status
// could not be had: the fallback (docs/domain/dashboard-and-flow.md#flow-status-fallback) lands a
// member here anyway, so the dashboard shows, without a mood prompt it cannot justify.
export function dashboardGate(flow: TUserFlowStatusResponse | null): TDashboardGate {
  if (!flow) return { status: 'ready', needsMoodEntry: false };
  if (!flow.has_organizational_goals) {
    if (flow.role === 'leader') return { status: 'goals-setup' };
    if (flow.role === 'team_leader') return { status: 'waiting-for-goals' };
  }
  return { status: 'ready', needsMoodEntry: flow.navigation_path === 'dashboard' && flow.needs_mood_entry };
}
