import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardQueryOptions } from '../../../lib/queries/dashboard.ts';
import { userFlowStatusQueryOptions } from '../../../lib/queries/user-flow-status.ts';

// Reloads what the dashboard shows after something changed it elsewhere (a check-in, a mood, a
// resent offline log): the dashboard numbers and the flow status (mood still needed? goals set?).
// A read already under way may have been answered before the change: it is cancelled, not joined
// (TanStack Query joins a fetch in flight when the query has no data yet), and read again.
export function useReloadDashboard() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const reread = async (queryKey: QueryKey) => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    };
    return Promise.all([reread(dashboardQueryOptions.queryKey), reread(userFlowStatusQueryOptions.queryKey)]).then(
      () => undefined,
    );
  }, [queryClient]);
}
