import { usePrefetchQuery } from '@tanstack/react-query';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
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
  if (flow.isError || isFreshAnswer(flow)) return gate;
  // A status kept from an earlier visit, or cached and being fetched again, may show the dashboard
  // meanwhile, but never send the member elsewhere, show the waiting message or open the mood
  // prompt (docs/decisions/012): goals may exist by now, the mood may have been answered elsewhere.
  return gate.status === 'ready' ? { ...gate, needsMoodEntry: false } : { status: 'pending' };
}
