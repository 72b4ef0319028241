import { ZMoveCohortMembersResponse } from '@habitrack/contracts/admin/cohorts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export function moveCohortMembers({ cohortId, userIds }: { cohortId: string; userIds: string[] }) {
  return sendJson('POST', `/api/v1/admin/cohorts/${encodeURIComponent(cohortId)}/members`, {
    body: { user_ids: userIds },
    schema: ZMoveCohortMembersResponse,
  });
}

export function useMoveCohortMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveCohortMembers,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
