import { ZListCompletedHabitsResponse } from '@habitrack/contracts/habits/list-completed-habits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listCompletedHabits() {
  return getJson('/api/v1/habits/completed', ZListCompletedHabitsResponse);
}

export const completedHabitsQueryOptions = queryOptions({
  queryKey: ['habits', 'completed'],
  queryFn: listCompletedHabits,
});

export function useCompletedHabits() {
  return useQuery(completedHabitsQueryOptions);
}
