import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/http.ts';

// A developer tool that shows the answer as it is: no contract, any JSON object passes.
const ZDebugToken = z.record(z.string(), z.unknown());

export function getDebugToken() {
  return getJson('/api/v1/auth/debug-token', ZDebugToken);
}

export const debugTokenQueryOptions = queryOptions({
  queryKey: ['dev-tools', 'debug-token'],
  queryFn: getDebugToken,
  // Each opening of the panel should show the token as it is now.
  gcTime: 0,
  retry: false,
});

export function useDebugToken() {
  return useQuery(debugTokenQueryOptions);
}
