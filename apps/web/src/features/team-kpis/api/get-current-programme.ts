import { ZProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../../../lib/http.ts';

// A 404 means the team leader's cohort has no programme: there is nothing to define KPIs for.
// Twin of the other features' copies (features do not import each other): same key, same answer,
// so every screen shares one cached programme.
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
