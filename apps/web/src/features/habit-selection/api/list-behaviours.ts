import { ZListBehavioursResponse } from '@habitrack/contracts/programmes/list-behaviours';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listBehaviours(programmeId: string) {
  return getJson(`/api/v1/programmes/${encodeURIComponent(programmeId)}/behaviours`, ZListBehavioursResponse);
}

// Without a programme id there is nothing to ask for yet (or ever, when the member has none).
export function behavioursQueryOptions(programmeId: string | undefined) {
  return queryOptions({
    queryKey: ['programmes', programmeId, 'behaviours'],
    queryFn: programmeId ? () => listBehaviours(programmeId) : skipToken,
    staleTime: 5 * 60_000,
  });
}

export function useBehaviours(programmeId: string | undefined) {
  return useQuery(behavioursQueryOptions(programmeId));
}
