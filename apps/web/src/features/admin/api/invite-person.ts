import { ZInvitePersonResponse, type TInvitePersonRequest } from '@habitrack/contracts/admin/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export function invitePerson(body: TInvitePersonRequest) {
  return sendJson('POST', '/api/v1/admin/people', { body, schema: ZInvitePersonResponse });
}

export function useInvitePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: invitePerson,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
