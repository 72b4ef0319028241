import {
  ZCreateScimTokenResponse,
  ZListScimTokensResponse,
  ZRevokeScimTokenResponse,
} from '@habitrack/contracts/admin/scim-tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http.ts';

const TOKENS_URL = '/api/v1/admin/scim-tokens';

export const scimTokensQueryOptions = queryOptions({
  queryKey: ['admin', 'scim-tokens'],
  queryFn: () => getJson(TOKENS_URL, ZListScimTokensResponse),
});

export function useScimTokens() {
  return useQuery(scimTokensQueryOptions);
}

// The answer carries the token itself, the only time it is ever shown.
export function useCreateScimToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson('POST', TOKENS_URL, { schema: ZCreateScimTokenResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRevokeScimToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      sendJson('POST', `${TOKENS_URL}/${encodeURIComponent(id)}/revoke`, { schema: ZRevokeScimTokenResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
