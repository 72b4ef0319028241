import { z } from 'zod';
import { ZDepartment } from './list-departments.ts';
import { zDescription } from './text-fields.ts';

export const DEPARTMENT_GOALS_MAX = 100;

// POST /organizational/departments — team leaders only, for a team they manage. 201; a second
// department for the same team in the same programme answers 409.
export const ZCreateDepartmentRequest = z.strictObject({
  program_id: z.uuid({ error: 'must be a programme id (UUID)' }),
  description: zDescription,
  selected_team_id: z.uuid({ error: 'must be a team id (UUID)' }),
  organizational_goal_ids: z
    .array(z.uuid({ error: 'must be a goal id (UUID)' }), { error: 'must be a list of goal ids' })
    .max(DEPARTMENT_GOALS_MAX, { error: `must list at most ${DEPARTMENT_GOALS_MAX} goals` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not list a goal twice' })
    .default([]),
});
export type TCreateDepartmentRequest = z.infer<typeof ZCreateDepartmentRequest>;
export const ZCreateDepartmentResponse = ZDepartment;
