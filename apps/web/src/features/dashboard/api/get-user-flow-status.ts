import { ZUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

// SPEC §7: the flow status call is aborted after 10 seconds.
const FLOW_STATUS_TIMEOUT_MS = 10_000;

export function getUserFlowStatus() {
  return getJson('/api/v1/auth/user-flow-status', ZUserFlowStatusResponse, { timeoutMs: FLOW_STATUS_TIMEOUT_MS });
}

// The key other screens (the root decision) use for the same call, so one invalidation refreshes
// every reader; features do not import each other, hence the copy of the key.
export const userFlowStatusQueryOptions = queryOptions({
  queryKey: ['auth', 'user-flow-status'],
  queryFn: getUserFlowStatus,
  // A failure has a defined answer (SPEC §4 "Flow status fallback"); a retry would only double the
  // 10 s wait before the member sees their dashboard.
  retry: false,
});

export function useUserFlowStatus() {
  return useQuery(userFlowStatusQueryOptions);
}
