import { usePrefetchQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from '../../../lib/queries/dashboard.ts';
import { useUserFlowStatus } from '../../../lib/queries/user-flow-status.ts';
import { dashboardGate, type TDashboardGate } from '../utils/dashboard-gate.ts';

// What the dashboard route may show, from the flow status. The dashboard itself is fetched at the
// same time, so waiting for the flow (to keep a leader from glimpsing it) costs no extra round trip.
export function useDashboardGate(): TDashboardGate {
  usePrefetchQuery(dashboardQueryOptions);
  const flow = useUserFlowStatus();
  if (flow.isPending) return { status: 'pending' };
  return dashboardGate(flow.isError ? null : flow.data);
}
