import { ZUpdatePersonResponse, type TUpdatePersonRequest } from '@habitrack/contracts/admin/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export function updatePerson({ id, changes }: { id: string; changes: TUpdatePersonRequest }) {
  return sendJson('PATCH', `/api/v1/admin/people/${encodeURIComponent(id)}`, {
    body: changes,
    schema: ZUpdatePersonResponse,
  });
}

export function useUpdatePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    // Cohort counts and the audit log change with a person.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
