import { ZListCohortMembersResponse } from '@habitrack/contracts/social/list-cohort-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function listCohortMembers() {
  return getJson('/api/v1/social/cohort/members', ZListCohortMembersResponse);
}

// The server's ranked order is kept as it is: it breaks ties (streak, then name) in ways the
// client cannot reproduce from the fields it gets.
export const cohortMembersQueryOptions = queryOptions({
  queryKey: ['social', 'cohort', 'members'],
  queryFn: listCohortMembers,
});

export function useCohortMembers() {
  return useQuery(cohortMembersQueryOptions);
}
