import { type TPauseHabitRequest, ZPauseHabitResponse } from '@habitrack/contracts/habits/pause-habit';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { sendJson } from '../../../lib/http.ts';
import { useRefreshAfterChange } from './refresh-after-change.ts';

export function pauseHabit(userHabitId: string, body: TPauseHabitRequest) {
  return sendJson('POST', `/api/v1/habits/${encodeURIComponent(userHabitId)}/pauses`, {
    body,
    schema: ZPauseHabitResponse,
  });
}

export function cancelPause(userHabitId: string, pauseId: string) {
  return sendJson('DELETE', `/api/v1/habits/${encodeURIComponent(userHabitId)}/pauses/${encodeURIComponent(pauseId)}`, {
    schema: z.undefined(),
  });
}

export function usePauseHabit(userHabitId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: (body: TPauseHabitRequest) => pauseHabit(userHabitId, body), onSuccess: refresh });
}

export function useCancelPause(userHabitId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: (pauseId: string) => cancelPause(userHabitId, pauseId), onSuccess: refresh });
}
