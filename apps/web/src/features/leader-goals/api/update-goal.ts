import type { TGoalInput } from '@habitrack/contracts/organizational/create-goal';
import { ZUpdateGoalResponse } from '@habitrack/contracts/organizational/update-goal';
import { sendJson } from '../../../lib/http.ts';

export function updateGoal(goalId: string, body: TGoalInput) {
  return sendJson('PUT', `/api/v1/organizational/goals/${encodeURIComponent(goalId)}`, {
    body,
    schema: ZUpdateGoalResponse,
  });
}
