import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { sendJson } from '../../../lib/http.ts';

export function markCelebrationSeen(userHabitId: string) {
  return sendJson('POST', `/api/v1/habits/${encodeURIComponent(userHabitId)}/celebration`, {
    schema: z.undefined(),
  });
}

export function useMarkCelebrationSeen() {
  return useMutation({ mutationFn: markCelebrationSeen });
}
