import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardQueryOptions } from '../../../lib/queries/dashboard.ts';
import { userFlowStatusQueryOptions } from '../../../lib/queries/user-flow-status.ts';

// Reloads what the dashboard shows after something changed it elsewhere (a check-in, a mood, a
// resent offline log): the dashboard numbers and the flow status (mood still needed? goals set?).
export function useReloadDashboard() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: userFlowStatusQueryOptions.queryKey }),
      ]).then(() => undefined),
    [queryClient],
  );
}
