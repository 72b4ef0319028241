import { usePrefetchQuery } from '@tanstack/react-query';
import { isKeptAnswer } from '../../../lib/persisted-queries.ts';
import { dashboardQueryOptions } from '../../../lib/queries/dashboard.ts';
import { useUserFlowStatus } from '../../../lib/queries/user-flow-status.ts';
import { dashboardGate, type TDashboardGate } from '../utils/dashboard-gate.ts';

// What the dashboard route may show, from the flow status. The dashboard itself is fetched at the
// same time, so waiting for the flow (to keep a leader from glimpsing it) costs no extra round trip.
export function useDashboardGate(): TDashboardGate {
  usePrefetchQuery(dashboardQueryOptions);
  const flow = useUserFlowStatus();
  if (flow.isPending) return { status: 'pending' };
  const gate = dashboardGate(flow.isError ? null : flow.data);
  // The mood prompt opens on the API's answer of this visit, never on one kept from an earlier visit
  // (lib/persisted-queries.ts): the member may have answered since, on another device.
  if (gate.status === 'ready' && gate.needsMoodEntry && isKeptAnswer(flow)) return { ...gate, needsMoodEntry: false };
  return gate;
}
