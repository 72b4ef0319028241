import { z } from 'zod';
import { ZGoalInput } from './create-goal.ts';
import { ZOrganizationalGoal } from './list-goals.ts';

export const ZGoalParams = z.object({ id: z.uuid({ error: 'must be a goal id (UUID)' }) });

// PUT /organizational/goals/{id} — the same fields as creating; replaces all three.
export const ZUpdateGoalRequest = ZGoalInput;
export const ZUpdateGoalResponse = ZOrganizationalGoal;
