import { z } from 'zod';
import { ZOrganizationalGoal } from './list-goals.ts';
import { zDescription, zTitle } from './text-fields.ts';

export const SEQUENCE_ORDER_MAX = 10_000;

export const ZGoalInput = z.strictObject({
  title: zTitle,
  description: zDescription,
  sequence_order: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(SEQUENCE_ORDER_MAX, { error: `must be at most ${SEQUENCE_ORDER_MAX}` }),
});
export type TGoalInput = z.infer<typeof ZGoalInput>;

// POST /organizational/goals?program_id= — leaders only, until the programme starts. 201.
export const ZCreateGoalRequest = ZGoalInput;
export const ZCreateGoalResponse = ZOrganizationalGoal;
