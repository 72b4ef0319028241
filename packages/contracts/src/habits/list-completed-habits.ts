import { z } from 'zod';

// GET /habits/completed — the caller's habits whose frame is over, newest first, each with its
// summary; `celebrated` is false until the member has seen its celebration (decision 014).
export const ZCompletedHabit = z.object({
  user_habit_id: z.uuid(),
  habit_id: z.uuid(),
  habit_name: z.string(),
  started_on: z.iso.date(),
  ended_on: z.iso.date(),
  days_completed: z.number().int(),
  total_days: z.number().int(),
  best_streak: z.number().int(),
  strength: z.number().int().min(0).max(100),
  positive_changes_logged: z.number().int(),
  celebrated: z.boolean(),
});
export type TCompletedHabit = z.infer<typeof ZCompletedHabit>;

export const ZListCompletedHabitsResponse = z.array(ZCompletedHabit);
