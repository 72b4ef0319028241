import { ZSelectHabitResponse } from '@habitrack/contracts/habits/select-habit';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';
import { useRefreshAfterChange } from './refresh-after-change.ts';

// Selecting a completed habit again starts a new user habit with a new frame (decision 014).
export function useStartAgain() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (habitId: string) =>
      sendJson('POST', '/api/v1/habits/select', { body: { habit_id: habitId }, schema: ZSelectHabitResponse }),
    onSuccess: async () => {
      await refresh();
    },
  });
}
