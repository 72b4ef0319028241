import { ZDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

// The members list does not carry the cohort's name; the dashboard's team widget does. Twin of
// features/dashboard/api/get-dashboard.ts (features do not import each other): same key and same
// result, so arriving from the dashboard costs no extra request.
export function getDashboard() {
  return getJson('/api/v1/dashboard/', ZDashboardResponse);
}

export const cohortSummaryQueryOptions = queryOptions({
  queryKey: ['dashboard'],
  queryFn: getDashboard,
  select: (dashboard) => dashboard.team_widget,
});

// Only decoration for the heading: a failure leaves the name out and nothing else.
export function useCohortSummary() {
  return useQuery({ ...cohortSummaryQueryOptions, retry: false });
}
