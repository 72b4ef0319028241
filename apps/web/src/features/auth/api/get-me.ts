import { ZMeResponse } from '@habitrack/contracts/auth/get-me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, HttpError } from '../../../lib/http.ts';

export function getMe() {
  return getJson('/api/v1/auth/me', ZMeResponse);
}

export const meQueryOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: getMe,
  // A 4xx answer will not change on retry; only network trouble and 5xx are worth a second try.
  retry: (failureCount, error) => !(error instanceof HttpError && error.status < 500) && failureCount < 1,
  staleTime: 5 * 60_000,
});

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions, enabled });
}
