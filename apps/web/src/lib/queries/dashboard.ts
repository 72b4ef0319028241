import { ZDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../http.ts';

export function getDashboard() {
  return getJson('/api/v1/dashboard/', ZDashboardResponse);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['dashboard'],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
