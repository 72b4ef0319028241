import { ZWebConfig, type TWebConfig } from '@habitrack/contracts/config/get-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './http.ts';

// The contract is shared with the API route that serves /config.json, so both change together.
export function fetchConfig(): Promise<TWebConfig> {
  return getJson('/config.json', ZWebConfig);
}

// The API serves index.html with the same config in a JSON data block (apps/api/src/plugins/spa.ts),
// so the first screen needs no request for it. Without one (the development server) or with one
// that does not fit the contract, /config.json is fetched.
export const CONFIG_ELEMENT_ID = 'habitrack-config';

export function readInlineConfig(doc: Document = document): TWebConfig | undefined {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = ZWebConfig.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: fetchConfig,
  // Runtime config only changes with a deployment, which reloads the page anyway.
  staleTime: Infinity,
  initialData: readInlineConfig,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
