import {
  ZMarkEndorsementsSeenResponse,
  type TMarkEndorsementsSeenRequest,
} from '@habitrack/contracts/social/mark-endorsements-seen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { dashboardQueryOptions } from '../../../lib/queries/dashboard.ts';

export function markEndorsementsSeen(newestSeenId: string) {
  const body: TMarkEndorsementsSeenRequest = { newest_seen_id: newestSeenId };
  return sendJson('PUT', `/api/v1/social/endorsements/received/seen`, { body, schema: ZMarkEndorsementsSeenResponse });
}

// Opening the page marks what it shows as seen; the dashboard's "new since your last visit" then
// counts from there. The list itself keeps its "New" marks for this visit.
export function useMarkEndorsementsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEndorsementsSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryOptions.queryKey }),
    // Only the dashboard's count depends on it: the next visit marks them again.
    onError: (error) => console.error('Could not mark the endorsements as seen', error),
  });
}
