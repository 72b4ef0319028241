import { ZListAdminCohortsResponse } from '@habitrack/contracts/admin/cohorts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export const cohortsQueryOptions = queryOptions({
  queryKey: ['admin', 'cohorts'],
  queryFn: () => getJson('/api/v1/admin/cohorts', ZListAdminCohortsResponse),
});

export function useCohorts() {
  return useQuery(cohortsQueryOptions);
}
