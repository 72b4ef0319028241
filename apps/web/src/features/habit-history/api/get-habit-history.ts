import { ZHabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../../../lib/http.ts';

export function getHabitHistory(userHabitId: string) {
  return getJson(`/api/v1/habits/${encodeURIComponent(userHabitId)}/history`, ZHabitHistoryResponse);
}

export const historyQueryKey = (userHabitId: string) => ['habits', userHabitId, 'history'] as const;

export function historyQueryOptions(userHabitId: string) {
  return queryOptions({
    queryKey: historyQueryKey(userHabitId),
    queryFn: () => getHabitHistory(userHabitId),
    // A 4xx (not the member's habit) will not change on retry.
    retry: (failureCount, error) => !(error instanceof HttpError && error.status < 500) && failureCount < 1,
  });
}

export function useHabitHistory(userHabitId: string) {
  return useQuery(historyQueryOptions(userHabitId));
}
