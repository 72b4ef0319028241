import { type TLogHabitRequest, ZLogHabitResponse } from '@habitrack/contracts/habits/log-habit';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { useRefreshAfterChange } from './refresh-after-change.ts';

// The check-in of one day of the frame: today or a forgotten day (log_date), through the same
// operation as the daily check-in.
export function logDay(userHabitId: string, body: TLogHabitRequest & { log_date: string }) {
  return sendJson('POST', `/api/v1/habits/${encodeURIComponent(userHabitId)}/log`, {
    body,
    schema: ZLogHabitResponse,
  });
}

export function useLogDay(userHabitId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TLogHabitRequest & { log_date: string }) => logDay(userHabitId, body),
    onSuccess: refresh,
  });
}
