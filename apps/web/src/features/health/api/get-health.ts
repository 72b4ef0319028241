import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/http.ts';

// Only reachability matters here; extra fields the API adds later are ignored.
const ZHealth = z.looseObject({ status: z.string().optional() });

export function getHealth() {
  return getJson('/healthz', ZHealth);
}

export const healthQueryOptions = queryOptions({
  queryKey: ['healthz'],
  queryFn: getHealth,
});

export function useHealth() {
  return useQuery(healthQueryOptions);
}
