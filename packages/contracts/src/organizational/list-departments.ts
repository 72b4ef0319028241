import { z } from 'zod';

export const ZDepartment = z.object({
  id: z.uuid(),
  // The team's name: a department is a team's participation in one programme.
  name: z.string(),
  description: z.string().nullable(),
  team_id: z.uuid(),
  organizational_goal_ids: z.array(z.uuid()),
});
export type TDepartment = z.infer<typeof ZDepartment>;

// GET /organizational/departments?program_id= — a team leader sees its own departments, a leader
// every department of the programme.
export const ZListDepartmentsResponse = z.array(ZDepartment);
