import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import { storedIdOf, type TDraftId } from '../../../lib/draft-id.ts';

const lastGoalMessage = msg`You must have at least one organizational goal`;
// Its source (en-GB) text, which the tests look for.
export const LAST_GOAL_MESSAGE = lastGoalMessage.message as string;

export type TGoalDraft = { id: TDraftId; title: string; description: string };

// What the form edits: the rows on screen, and the stored goals removed from it (deleted on save).
export type TGoalDrafts = { goals: TGoalDraft[]; removedIds: string[] };

export function emptyGoal(id: TDraftId): TGoalDraft {
  return { id, title: '', description: '' };
}

// With no goals yet the form opens with one empty row, so there is something to type into.
export function toGoalDrafts(goals: readonly TOrganizationalGoal[], newId: () => TDraftId): TGoalDrafts {
  const rows = goals.map((goal) => ({ id: goal.id, title: goal.title, description: goal.description ?? '' }));
  return { goals: rows.length > 0 ? rows : [emptyGoal(newId())], removedIds: [] };
}

export function addGoal(drafts: TGoalDrafts, id: TDraftId): TGoalDrafts {
  return { ...drafts, goals: [...drafts.goals, emptyGoal(id)] };
}

export function changeGoal(drafts: TGoalDrafts, id: TDraftId, patch: Partial<Omit<TGoalDraft, 'id'>>): TGoalDrafts {
  return { ...drafts, goals: drafts.goals.map((goal) => (goal.id === id ? { ...goal, ...patch } : goal)) };
}

export type TRemoveGoalResult = { ok: true; drafts: TGoalDrafts } | { ok: false; message: string };

// The last remaining goal stays (docs/domain/leaders-goals-kpis.md#the-goals-setup-form). A stored
// goal is only remembered here; the DELETE goes out with the save (see use-save-goals.ts).
export function removeGoal(drafts: TGoalDrafts, id: TDraftId): TRemoveGoalResult {
  if (drafts.goals.length <= 1) return { ok: false, message: i18n._(lastGoalMessage) };
  const storedId = storedIdOf(id);
  return {
    ok: true,
    drafts: {
      goals: drafts.goals.filter((goal) => goal.id !== id),
      removedIds:
        storedId && !drafts.removedIds.includes(storedId) ? [...drafts.removedIds, storedId] : drafts.removedIds,
    },
  };
}

// After a save that failed half-way: what already reached the server must not be sent again
// (a second POST would duplicate the goal, a second DELETE would answer 404).
export function markGoalCreated(drafts: TGoalDrafts, tempId: TDraftId, storedId: string): TGoalDrafts {
  return { ...drafts, goals: drafts.goals.map((goal) => (goal.id === tempId ? { ...goal, id: storedId } : goal)) };
}

export function markGoalDeleted(drafts: TGoalDrafts, storedId: string): TGoalDrafts {
  return { ...drafts, removedIds: drafts.removedIds.filter((id) => id !== storedId) };
}
