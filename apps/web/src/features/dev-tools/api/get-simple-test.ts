import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/http.ts';

// A developer tool: an authenticated round trip; the answer is shown as it is.
const ZSimpleTest = z.record(z.string(), z.unknown());

export function getSimpleTest() {
  return getJson('/api/v1/auth/simple-test', ZSimpleTest);
}

export const simpleTestQueryOptions = queryOptions({
  queryKey: ['dev-tools', 'simple-test'],
  queryFn: getSimpleTest,
  gcTime: 0,
  retry: false,
});

export function useSimpleTest() {
  return useQuery(simpleTestQueryOptions);
}
