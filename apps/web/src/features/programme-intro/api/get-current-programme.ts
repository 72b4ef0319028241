import { ZProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../../../lib/http.ts';

// A 404 means the member has no programme: a normal state with its own screen, not an error.
// features/habit-selection keeps a twin of this file (features do not import each other); both
// use the same key and the same result, so the two screens share one cached answer.
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
