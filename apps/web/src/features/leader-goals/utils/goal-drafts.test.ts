import { describe, expect, it } from 'vitest';
import {
  addGoal,
  changeGoal,
  LAST_GOAL_MESSAGE,
  markGoalCreated,
  markGoalDeleted,
  removeGoal,
  toGoalDrafts,
} from './goal-drafts.ts';

const STORED = '3f2b8c1e-7d4a-4c9b-a5e6-0f1d2c3b4a59';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('goal drafts', () => {
  it('starts from the stored goals, or one empty row when there are none', () => {
    const stored = [{ id: STORED, title: 'Grow', description: null, sequence_order: 0 }];
    expect(toGoalDrafts(stored, () => 1)).toEqual({
      goals: [{ id: STORED, title: 'Grow', description: '' }],
      removedIds: [],
    });
    expect(toGoalDrafts([], () => 42)).toEqual({ goals: [{ id: 42, title: '', description: '' }], removedIds: [] });
  });

  it('adds and edits rows', () => {
    const drafts = changeGoal(addGoal({ goals: [], removedIds: [] }, 7), 7, { title: 'Care' });
    expect(drafts.goals).toEqual([{ id: 7, title: 'Care', description: '' }]);
  });

  it('refuses to remove the last remaining goal', () => {
    expect(removeGoal({ goals: [{ id: STORED, title: 'x', description: '' }], removedIds: [] }, STORED)).toEqual({
      ok: false,
      message: LAST_GOAL_MESSAGE,
    });
  });

  it('remembers a removed stored goal for deletion, but not a new one', () => {
    const drafts = {
      goals: [
        { id: STORED, title: 'a', description: '' },
        { id: 5, title: 'b', description: '' },
        { id: OTHER, title: 'c', description: '' },
      ],
      removedIds: [],
    };
    const withoutNew = removeGoal(drafts, 5);
    expect(withoutNew).toEqual({ ok: true, drafts: { goals: [drafts.goals[0], drafts.goals[2]], removedIds: [] } });
    const withoutStored = removeGoal(drafts, STORED);
    expect(withoutStored.ok && withoutStored.drafts.removedIds).toEqual([STORED]);
  });

  it('records what a half-finished save already did', () => {
    const drafts = { goals: [{ id: 5, title: 'b', description: '' }], removedIds: [STORED, OTHER] };
    expect(markGoalDeleted(markGoalCreated(drafts, 5, 'new-goal-uuid-0001'), STORED)).toEqual({
      goals: [{ id: 'new-goal-uuid-0001', title: 'b', description: '' }],
      removedIds: [OTHER],
    });
  });
});
