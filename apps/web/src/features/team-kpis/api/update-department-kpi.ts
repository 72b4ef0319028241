import type { TDepartmentKpiInput } from '@habitrack/contracts/organizational/create-department-kpi';
import { ZUpdateDepartmentKpiResponse } from '@habitrack/contracts/organizational/update-department-kpi';
import { sendJson } from '../../../lib/http.ts';

export function updateDepartmentKpi(kpiId: string, body: TDepartmentKpiInput) {
  return sendJson('PUT', `/api/v1/organizational/department-kpis/${encodeURIComponent(kpiId)}`, {
    body,
    schema: ZUpdateDepartmentKpiResponse,
  });
}
