import { ZProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../../../lib/http.ts';

// A 404 means the member has no programme; the page then offers every habit (SPEC §7 fallback).
// Twin of features/programme-intro/api/get-current-programme.ts (features do not import each
// other): same key and same result, so the intro and this page share one cached answer.
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
