import { ZWebConfig, type TWebConfig } from '@habitrack/contracts/config/get-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http.ts';

// The contract is shared with the API route that serves /config.json, so both change together.
export function fetchConfig(): Promise<TWebConfig> {
  return getJson('/config.json', ZWebConfig);
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
