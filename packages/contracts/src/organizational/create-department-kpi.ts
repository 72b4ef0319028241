import { z } from 'zod';
import { ZDepartmentKpi } from './list-department-kpis.ts';
import { zDescription, zTitle } from './text-fields.ts';

// POST /organizational/department-kpis — in the caller's own department, for a goal of the same
// programme (attached to the department if it was not yet). 201.
export const ZDepartmentKpiInput = z.strictObject({
  department_id: z.uuid({ error: 'must be a department id (UUID)' }),
  organizational_goal_id: z.uuid({ error: 'must be a goal id (UUID)' }),
  title: zTitle,
  description: zDescription,
});
export type TDepartmentKpiInput = z.infer<typeof ZDepartmentKpiInput>;

export const ZCreateDepartmentKpiRequest = ZDepartmentKpiInput;
export const ZCreateDepartmentKpiResponse = ZDepartmentKpi;
