import {
  RECEIVED_PAGE_SIZE_DEFAULT,
  ZListEndorsementsReceivedResponse,
} from '@habitrack/contracts/social/list-endorsements-received';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export const RECEIVED_URL = '/api/v1/social/endorsements/received';

export function listEndorsementsReceived(cursor: string | null) {
  const query = new URLSearchParams({ page_size: String(RECEIVED_PAGE_SIZE_DEFAULT) });
  if (cursor) query.set('cursor', cursor);
  return getJson(`${RECEIVED_URL}?${query}`, ZListEndorsementsReceivedResponse);
}

// Newest first, one page at a time; "Show more" asks for the page after the last one shown.
export const endorsementsReceivedQueryOptions = infiniteQueryOptions({
  queryKey: ['social', 'endorsements', 'received'],
  queryFn: ({ pageParam }) => listEndorsementsReceived(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.next_cursor,
});

export function useEndorsementsReceived() {
  return useInfiniteQuery(endorsementsReceivedQueryOptions);
}
