import { z } from 'zod';
import { sendJson } from '../../../lib/http.ts';

// 204 without a body; the server also drops departments' links to the goal and their KPIs for it.
export function deleteGoal(goalId: string) {
  return sendJson('DELETE', `/api/v1/organizational/goals/${encodeURIComponent(goalId)}`, { schema: z.undefined() });
}
