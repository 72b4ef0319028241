import { ZAdminProgramme, ZListAdminProgrammesResponse } from '@habitrack/contracts/admin/content';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export const programmesQueryOptions = queryOptions({
  queryKey: ['admin', 'programmes'],
  queryFn: () => getJson('/api/v1/admin/programmes', ZListAdminProgrammesResponse),
});

export function useProgrammes() {
  return useQuery(programmesQueryOptions);
}

// Everything in one programme, retired habits included.
export function useProgramme(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'programme', id],
    queryFn: id ? () => getJson(`/api/v1/admin/programmes/${encodeURIComponent(id)}`, ZAdminProgramme) : skipToken,
  });
}
