import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from './http.ts';

// Loose on purpose: the server adds provider settings over time and one build must keep
// working against older and newer /config.json files.
export const ZAppConfig = z.looseObject({
  devTools: z.boolean().default(false),
  providers: z.record(z.string(), z.unknown()).default({}),
});

export type TAppConfig = z.infer<typeof ZAppConfig>;

export function fetchConfig(): Promise<TAppConfig> {
  return getJson('/config.json', ZAppConfig);
}

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: fetchConfig,
  // Runtime config only changes with a deployment, which reloads the page anyway.
  staleTime: Infinity,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
