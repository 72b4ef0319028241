import { ZUnsubscribeStatus } from '@habitrack/contracts/notifications/unsubscribe';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http.ts';

// The unsubscribe link of an e-mail: no sign-in, the token is the authority.
const unsubscribeUrl = (token: string) => `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['notifications', 'unsubscribe', token],
    queryFn: () => getJson(unsubscribeUrl(token), ZUnsubscribeStatus),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => sendJson('POST', unsubscribeUrl(token), { body: {}, schema: ZUnsubscribeStatus }),
  });
}
