import { ZListHabitsResponse } from '@habitrack/contracts/habits/list-habits';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listHabits() {
  return getJson('/api/v1/habits/', ZListHabitsResponse);
}

// Only wanted when the member has no current programme
// (docs/domain/programme-content.md#cohorts-and-the-current-programme), hence `enabled`.
export function habitsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['habits', 'all'],
    queryFn: enabled ? listHabits : skipToken,
    staleTime: 5 * 60_000,
  });
}

export function useHabits(enabled: boolean) {
  return useQuery(habitsQueryOptions(enabled));
}
