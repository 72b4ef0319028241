import { z } from 'zod';
import { ZHabit } from '../programmes/list-behaviours.ts';

export const ZUserHabit = z.object({
  id: z.uuid(),
  habit: ZHabit,
  started_on: z.iso.date(),
  target_days: z.number().int(),
});
export type TUserHabit = z.infer<typeof ZUserHabit>;

export const ZListMyActiveHabitsResponse = z.array(ZUserHabit);
