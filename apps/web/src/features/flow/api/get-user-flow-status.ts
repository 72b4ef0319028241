import { ZUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

// SPEC §7 and §9: the flow status call is aborted after 10 seconds.
export const FLOW_STATUS_TIMEOUT_MS = 10_000;

export function getUserFlowStatus() {
  return getJson('/api/v1/auth/user-flow-status', ZUserFlowStatusResponse, { timeoutMs: FLOW_STATUS_TIMEOUT_MS });
}

// The same key as features/dashboard's copy of this call (features do not import each other), so
// one invalidation, after accepting the terms for instance, refreshes every reader.
export const userFlowStatusQueryOptions = queryOptions({
  queryKey: ['auth', 'user-flow-status'],
  queryFn: getUserFlowStatus,
  // A failure has a defined answer (SPEC §4 "Flow status fallback"); a retry would only double the
  // 10 s wait before the member is sent on.
  retry: false,
});

export function useUserFlowStatus() {
  return useQuery(userFlowStatusQueryOptions);
}
