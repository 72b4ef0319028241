import { ZListMyActiveHabitsResponse } from '@habitrack/contracts/habits/list-my-active-habits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listMyActiveHabits() {
  return getJson('/api/v1/habits/my-active', ZListMyActiveHabitsResponse);
}

export const myActiveHabitsQueryOptions = queryOptions({
  queryKey: ['habits', 'my-active'],
  queryFn: listMyActiveHabits,
});

export function useMyActiveHabits() {
  return useQuery(myActiveHabitsQueryOptions);
}
