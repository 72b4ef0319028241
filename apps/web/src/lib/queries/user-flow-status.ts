import { ZUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../http.ts';

// The flow status call is aborted after 10 seconds (docs/domain/dashboard-and-flow.md#flow-status).
export const FLOW_STATUS_TIMEOUT_MS = 10_000;

export function getUserFlowStatus() {
  return getJson('/api/v1/auth/user-flow-status', ZUserFlowStatusResponse, { timeoutMs: FLOW_STATUS_TIMEOUT_MS });
}

// One query for every reader (root decision, dashboard, team-leader setup), so one invalidation,
// after accepting the terms for instance, refreshes them all.
export const userFlowStatusQueryOptions = queryOptions({
  queryKey: ['auth', 'user-flow-status'],
  queryFn: getUserFlowStatus,
  // A failure has a defined answer (docs/domain/dashboard-and-flow.md#flow-status-fallback); a
  // retry would only double the 10 s wait before the member is sent on.
  retry: false,
});

export function useUserFlowStatus() {
  return useQuery(userFlowStatusQueryOptions);
}
