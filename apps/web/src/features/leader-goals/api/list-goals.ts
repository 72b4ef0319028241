import { ZListGoalsResponse } from '@habitrack/contracts/organizational/list-goals';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listGoals(programmeId: string) {
  return getJson(`/api/v1/organizational/goals?program_id=${encodeURIComponent(programmeId)}`, ZListGoalsResponse);
}

export function goalsQueryOptions(programmeId: string | undefined) {
  return queryOptions({
    queryKey: ['organizational', 'goals', programmeId],
    queryFn: programmeId ? () => listGoals(programmeId) : skipToken,
    // The form is seeded once from this answer, so it must never be seeded from a cached copy an
    // earlier visit left behind: dropped as soon as the page unmounts.
    gcTime: 0,
  });
}

export function useGoals(programmeId: string | undefined) {
  return useQuery(goalsQueryOptions(programmeId));
}
