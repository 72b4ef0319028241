import { z } from 'zod';

export const ZDepartmentQuery = z.object({
  department_id: z.uuid({ error: 'must be a department id (UUID)' }),
});

export const ZDepartmentKpi = z.object({
  id: z.uuid(),
  organizational_goal_id: z.uuid(),
  department_id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
});
export type TDepartmentKpi = z.infer<typeof ZDepartmentKpi>;

// GET /organizational/department-kpis?department_id= — by goal order, then creation.
export const ZListDepartmentKpisResponse = z.array(ZDepartmentKpi);
