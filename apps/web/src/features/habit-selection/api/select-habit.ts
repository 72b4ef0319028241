import { ZSelectHabitResponse, type TSelectHabitRequest } from '@habitrack/contracts/habits/select-habit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export function selectHabit(habitId: string) {
  const body: TSelectHabitRequest = { habit_id: habitId };
  return sendJson('POST', '/api/v1/habits/select', { body, schema: ZSelectHabitResponse });
}

// One call per new habit
// (docs/domain/habits-and-the-frame.md#selecting-on-the-select-your-habits-screen), one after
// another: the server hands out the 3 slots, and sequential calls keep their outcome in the user's
// order. A failure (409 when the slots are full, network) is only logged: the user still continues
// to the dashboard.
export async function selectHabits(habitIds: readonly string[]): Promise<void> {
  for (const habitId of habitIds) {
    try {
      await selectHabit(habitId);
    } catch (error) {
      console.warn(`Could not select habit ${habitId}; continuing without it`, error);
    }
  }
}

export function useSelectHabits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectHabits,
    // Mark stale without refetching now: this page is about to leave, the next reader refetches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['habits'], refetchType: 'none' }),
  });
}
