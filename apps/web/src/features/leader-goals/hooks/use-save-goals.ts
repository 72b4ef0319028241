import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http.ts';
import { SetupSaveError } from '../../../lib/use-setup-save.ts';
import { createGoal } from '../api/create-goal.ts';
import { deleteGoal } from '../api/delete-goal.ts';
import { updateGoal } from '../api/update-goal.ts';
import type { TDraftId } from '../../../lib/draft-id.ts';
import type { TGoalSavePlan } from '../utils/goal-save-plan.ts';

const deleteFailed = msg`Error deleting goal. Please try again.`;
const saveFailed = msg`Error saving goals. Please try again.`;
// The alerts, in the language shown when they are raised.
export const deleteFailedText = () => i18n._(deleteFailed);
export const saveFailedText = () => i18n._(saveFailed);

// The key the root decision and the dashboard use for the flow status (features do not import
// each other, hence the copy).
const FLOW_STATUS_QUERY_KEY = ['auth', 'user-flow-status'];

export class GoalSaveError extends SetupSaveError {
  readonly step: 'delete' | 'save';

  constructor(step: 'delete' | 'save', cause: unknown) {
    super(step === 'delete' ? deleteFailedText() : saveFailedText(), { cause });
    this.name = 'GoalSaveError';
    this.step = step;
  }
}

export type TGoalSaveRun = {
  programmeId: string;
  plan: TGoalSavePlan;
  // Called as each call succeeds, so a save that fails half-way is not repeated on retry.
  onDeleted: (goalId: string) => void;
  onCreated: (tempId: TDraftId, goalId: string) => void;
};

// Deletes happen here, on save, not when Remove is clicked: until Save nothing reaches the server,
// so a leader can leave the page to undo a removal, and a goal's department KPIs (which go with
// it) are never lost to a stray click. Deletes go first, so when one fails nothing else has been
// written yet. One call at a time keeps the server's sequence and the alert unambiguous.
export async function runGoalSave({ programmeId, plan, onDeleted, onCreated }: TGoalSaveRun): Promise<void> {
  for (const goalId of plan.deletes) {
    try {
      await deleteGoal(goalId);
    } catch (error) {
      // Already gone (another tab, another leader): the removal the leader asked for holds.
      if (!(error instanceof HttpError && error.status === 404)) throw new GoalSaveError('delete', error);
    }
    onDeleted(goalId);
  }
  try {
    for (const { id, body } of plan.updates) await updateGoal(id, body);
    for (const { tempId, body } of plan.creates) onCreated(tempId, (await createGoal(programmeId, body)).id);
  } catch (error) {
    throw new GoalSaveError('save', error);
  }
}

export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runGoalSave,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['organizational'], refetchType: 'none' });
      // Reset, not merely invalidated: the dashboard would otherwise decide on the cached "no goals
      // yet" status and send the leader straight back here before the refetch lands.
      await queryClient.resetQueries({ queryKey: FLOW_STATUS_QUERY_KEY });
    },
  });
}
