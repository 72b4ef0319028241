import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { TGoalInput } from '@habitrack/contracts/organizational/create-goal';
import { storedIdOf, type TDraftId } from '../../../lib/draft-id.ts';
import type { TGoalDrafts } from './goal-drafts.ts';

const noGoalsMessage = msg`Please add at least one organizational goal`;
// Its source (en-GB) text, which the tests look for.
export const NO_GOALS_MESSAGE = noGoalsMessage.message as string;

export type TGoalSavePlan = {
  deletes: string[];
  updates: Array<{ id: string; body: TGoalInput }>;
  creates: Array<{ tempId: TDraftId; body: TGoalInput }>;
};

export type TGoalSavePlanResult = { ok: true; plan: TGoalSavePlan } | { ok: false; message: string };

// Which call each row needs (docs/domain/leaders-goals-kpis.md#the-goals-setup-form). Text is
// trimmed; rows with a blank title are skipped (a stored goal whose title was cleared is left as
// the server has it: Remove is how to delete it); sequence_order is the position among the goals
// that are sent, so the order on screen is kept.
export function planGoalSave(drafts: TGoalDrafts): TGoalSavePlanResult {
  const kept = drafts.goals
    .map((goal) => ({ id: goal.id, title: goal.title.trim(), description: goal.description.trim() }))
    .filter((goal) => goal.title !== '');
  if (kept.length === 0) return { ok: false, message: i18n._(noGoalsMessage) };

  const plan: TGoalSavePlan = { deletes: [...drafts.removedIds], updates: [], creates: [] };
  kept.forEach((goal, index) => {
    const body: TGoalInput = { title: goal.title, description: goal.description || null, sequence_order: index };
    const storedId = storedIdOf(goal.id);
    if (storedId) plan.updates.push({ id: storedId, body });
    else plan.creates.push({ tempId: goal.id, body });
  });
  return { ok: true, plan };
}
