import { ZUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

// SPEC §7: the flow status call is aborted after 10 seconds.
const FLOW_STATUS_TIMEOUT_MS = 10_000;

export function getUserFlowStatus() {
  return getJson('/api/v1/auth/user-flow-status', ZUserFlowStatusResponse, { timeoutMs: FLOW_STATUS_TIMEOUT_MS });
}

// Read here for the role and manageable_teams. The same key as the root decision's and the
// dashboard's copies (features do not import each other), so the status cached by '/' is reused.
export const userFlowStatusQueryOptions = queryOptions({
  queryKey: ['auth', 'user-flow-status'],
  queryFn: getUserFlowStatus,
  retry: false,
});

export function useUserFlowStatus() {
  return useQuery(userFlowStatusQueryOptions);
}
