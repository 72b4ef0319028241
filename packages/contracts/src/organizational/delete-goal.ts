import { ZGoalParams } from './update-goal.ts';

// DELETE /organizational/goals/{id} — 204 without a body. Departments' links to the goal and their
// KPIs for it go with it.
export const ZDeleteGoalParams = ZGoalParams;
