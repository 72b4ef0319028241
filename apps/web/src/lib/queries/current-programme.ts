import { ZProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../http.ts';

// Several screens read the current programme (intro, habit selection, header, leader and team-leader
// setup): one query, one key, one cached answer. A 404 means the member has no programme: a normal
// state each screen handles, not an error.
export async function getCurrentProgramme() {
  try {
    return await getJson('/api/v1/programmes/current', ZProgramme);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export const currentProgrammeQueryOptions = queryOptions({
  queryKey: ['programmes', 'current'],
  queryFn: getCurrentProgramme,
  staleTime: 5 * 60_000,
});

export function useCurrentProgramme() {
  return useQuery(currentProgrammeQueryOptions);
}
