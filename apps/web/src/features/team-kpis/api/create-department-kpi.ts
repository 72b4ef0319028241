import {
  ZCreateDepartmentKpiResponse,
  type TDepartmentKpiInput,
} from '@habitrack/contracts/organizational/create-department-kpi';
import { sendJson } from '../../../lib/http.ts';

// Creating a KPI for a goal the department has not taken on yet attaches that goal (decision 004):
// there is no department update call.
export function createDepartmentKpi(body: TDepartmentKpiInput) {
  return sendJson('POST', '/api/v1/organizational/department-kpis', { body, schema: ZCreateDepartmentKpiResponse });
}
