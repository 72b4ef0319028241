import {
  ZCreateDepartmentResponse,
  type TCreateDepartmentRequest,
} from '@habitrack/contracts/organizational/create-department';
import { sendJson } from '../../../lib/http.ts';

// The response's id is what this department's KPIs are then created under.
export function createDepartment(body: TCreateDepartmentRequest) {
  return sendJson('POST', '/api/v1/organizational/departments', { body, schema: ZCreateDepartmentResponse });
}
