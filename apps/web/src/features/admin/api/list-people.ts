import { ZListPeopleResponse, type TListPeopleQuery } from '@habitrack/contracts/admin/people';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export type TPeopleSearch = Partial<TListPeopleQuery>;

export function peopleUrl(search: TPeopleSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return `/api/v1/admin/people${query ? `?${query}` : ''}`;
}

export function listPeople(search: TPeopleSearch) {
  return getJson(peopleUrl(search), ZListPeopleResponse);
}

export function peopleQueryOptions(search: TPeopleSearch) {
  return queryOptions({
    queryKey: ['admin', 'people', search],
    queryFn: () => listPeople(search),
    // The table keeps the last page while the next search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function usePeople(search: TPeopleSearch) {
  return useQuery(peopleQueryOptions(search));
}
