import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from '../../../lib/queries/dashboard.ts';

// The members list does not carry the cohort's name; the dashboard's team widget does. Same query
// as the dashboard's, so arriving from the dashboard costs no extra request.
export const cohortSummaryQueryOptions = queryOptions({
  ...dashboardQueryOptions,
  select: (dashboard) => dashboard.team_widget,
});

// Only decoration for the heading: a failure leaves the name out and nothing else.
export function useCohortSummary() {
  return useQuery({ ...cohortSummaryQueryOptions, retry: false });
}
