import { useQueryClient } from '@tanstack/react-query';

// A logged day or a pause moves the streak, progress and frame end that the dashboard, the cohort
// list and the habit's history show: each is fetched again.
export function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['habits'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['social'] }),
    ]);
}
