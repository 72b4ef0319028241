import {
  ZListDepartmentKpisResponse,
  type TDepartmentKpi,
} from '@habitrack/contracts/organizational/list-department-kpis';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listDepartmentKpis(departmentId: string) {
  return getJson(
    `/api/v1/organizational/department-kpis?department_id=${encodeURIComponent(departmentId)}`,
    ZListDepartmentKpisResponse,
  );
}

export function departmentKpisQueryOptions(departmentId: string) {
  return queryOptions({
    queryKey: ['organizational', 'department-kpis', departmentId],
    queryFn: () => listDepartmentKpis(departmentId),
    gcTime: 0,
  });
}

export type TDepartmentKpisResult =
  { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'success'; kpis: TDepartmentKpi[] };

// One call per department (docs/domain/api-calls.md#goals-departments-and-kpis), in parallel; the
// page needs all of them before it can show the form.
export function useDepartmentKpis(departmentIds: readonly string[]): TDepartmentKpisResult {
  return useQueries({
    queries: departmentIds.map(departmentKpisQueryOptions),
    combine: (results) => {
      const failed = results.filter((result) => result.isError);
      if (failed.length > 0) return { status: 'error', retry: () => failed.forEach((r) => void r.refetch()) };
      if (results.some((result) => !result.isSuccess)) return { status: 'pending' };
      return { status: 'success', kpis: results.flatMap((result) => result.data ?? []) };
    },
  });
}
