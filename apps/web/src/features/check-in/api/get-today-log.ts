import { ZTodayLogResponse } from '@habitrack/contracts/habits/log-habit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../../../lib/http.ts';

// {habitId} may be the habit's id or the active user habit's id; the API accepts both.
export function getTodayLog(habitId: string) {
  return getJson(`/api/v1/habits/${encodeURIComponent(habitId)}/log/today`, ZTodayLogResponse);
}

export function todayLogQueryOptions(habitId: string) {
  return queryOptions({
    queryKey: ['habits', habitId, 'log', 'today'],
    queryFn: () => getTodayLog(habitId),
    // A 4xx will not change on retry; network trouble and 5xx get one more try before the
    // screen falls back to the default habit
    // (docs/domain/check-ins.md#when-the-habit-cannot-be-loaded).
    retry: (failureCount, error) => !(error instanceof HttpError && error.status < 500) && failureCount < 1,
  });
}

export function useTodayLog(habitId: string) {
  return useQuery(todayLogQueryOptions(habitId));
}
