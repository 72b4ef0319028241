import { z } from 'zod';
import { ZDepartmentKpiInput } from './create-department-kpi.ts';
import { ZDepartmentKpi } from './list-department-kpis.ts';

export const ZDepartmentKpiParams = z.object({ id: z.uuid({ error: 'must be a KPI id (UUID)' }) });

// PUT /organizational/department-kpis/{id} — the same fields as creating. department_id must stay
// the KPI's department; the goal may change to another goal of the programme.
export const ZUpdateDepartmentKpiRequest = ZDepartmentKpiInput;
export const ZUpdateDepartmentKpiResponse = ZDepartmentKpi;
