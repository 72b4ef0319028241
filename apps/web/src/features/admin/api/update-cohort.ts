import { ZAdminCohort, type TUpdateCohortRequest } from '@habitrack/contracts/admin/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export function updateCohort({ id, changes }: { id: string; changes: TUpdateCohortRequest }) {
  return sendJson('PATCH', `/api/v1/admin/cohorts/${encodeURIComponent(id)}`, { body: changes, schema: ZAdminCohort });
}

export function useUpdateCohort() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCohort, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
