import { ZAdminCohort, type TCreateCohortRequest } from '@habitrack/contracts/admin/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export function createCohort(body: TCreateCohortRequest) {
  return sendJson('POST', '/api/v1/admin/cohorts', { body, schema: ZAdminCohort });
}

export function useCreateCohort() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCohort, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
