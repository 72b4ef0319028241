import { ZListAvailableGoalsResponse } from '@habitrack/contracts/organizational/list-available-goals';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listAvailableGoals(programmeId: string) {
  return getJson(
    `/api/v1/organizational/goals/available?program_id=${encodeURIComponent(programmeId)}`,
    ZListAvailableGoalsResponse,
  );
}

// gcTime 0 on every query that seeds the form: it is seeded once, so never from a stale cached copy.
export function availableGoalsQueryOptions(programmeId: string | undefined) {
  return queryOptions({
    queryKey: ['organizational', 'goals-available', programmeId],
    queryFn: programmeId ? () => listAvailableGoals(programmeId) : skipToken,
    gcTime: 0,
  });
}

export function useAvailableGoals(programmeId: string | undefined) {
  return useQuery(availableGoalsQueryOptions(programmeId));
}
