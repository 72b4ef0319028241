import { ZCreateGoalResponse, type TGoalInput } from '@habitrack/contracts/organizational/create-goal';
import { sendJson } from '../../../lib/http.ts';

export function createGoal(programmeId: string, body: TGoalInput) {
  return sendJson('POST', `/api/v1/organizational/goals?program_id=${encodeURIComponent(programmeId)}`, {
    body,
    schema: ZCreateGoalResponse,
  });
}
