import { ZListDepartmentsResponse } from '@habitrack/contracts/organizational/list-departments';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listDepartments(programmeId: string) {
  return getJson(
    `/api/v1/organizational/departments?program_id=${encodeURIComponent(programmeId)}`,
    ZListDepartmentsResponse,
  );
}

export function departmentsQueryOptions(programmeId: string | undefined) {
  return queryOptions({
    queryKey: ['organizational', 'departments', programmeId],
    queryFn: programmeId ? () => listDepartments(programmeId) : skipToken,
    gcTime: 0,
  });
}

export function useDepartments(programmeId: string | undefined) {
  return useQuery(departmentsQueryOptions(programmeId));
}
