import { z } from 'zod';
import { ZUserHabit } from './list-my-active-habits.ts';

export const MAX_ACTIVE_HABITS = 3;

export const ZSelectHabitRequest = z.strictObject({
  habit_id: z.uuid({ error: 'must be a habit id (UUID)' }),
});
export type TSelectHabitRequest = z.infer<typeof ZSelectHabitRequest>;

// 201 when the habit became active, 200 when it already was (selecting is idempotent).
export const ZSelectHabitResponse = ZUserHabit;
