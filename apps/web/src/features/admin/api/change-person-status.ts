import { ZAdminPerson } from '@habitrack/contracts/admin/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

// POST /admin/people/{id}/deactivate, /reactivate and /erase: no body, the person as they now are.
export type TStatusChange = 'deactivate' | 'reactivate' | 'erase';

export function changePersonStatus({ id, change }: { id: string; change: TStatusChange }) {
  return sendJson('POST', `/api/v1/admin/people/${encodeURIComponent(id)}/${change}`, { schema: ZAdminPerson });
}

export function useChangePersonStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePersonStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
