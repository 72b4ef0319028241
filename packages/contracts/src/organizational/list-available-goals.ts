import { z } from 'zod';
import { ZOrganizationalGoal } from './list-goals.ts';

// The goals a team leader can attach to a department: the programme's goals, by sequence_order.
export const ZListAvailableGoalsResponse = z.array(ZOrganizationalGoal);
