import { z } from 'zod';

// Every organizational read and write names its programme by id (`program_id`,
// docs/domain/api-calls.md#goals-departments-and-kpis).
export const ZProgramQuery = z.object({
  program_id: z.uuid({ error: 'must be a programme id (UUID)' }),
});
export type TProgramQuery = z.infer<typeof ZProgramQuery>;

export const ZOrganizationalGoal = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  sequence_order: z.number().int(),
});
export type TOrganizationalGoal = z.infer<typeof ZOrganizationalGoal>;

// The programme's goals, by sequence_order (then creation).
export const ZListGoalsResponse = z.array(ZOrganizationalGoal);
