import { describe, expect, it } from 'vitest';
import { NO_GOALS_MESSAGE, planGoalSave } from './goal-save-plan.ts';

const STORED = '3f2b8c1e-7d4a-4c9b-a5e6-0f1d2c3b4a59';
const REMOVED = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('planGoalSave', () => {
  it('puts stored goals, posts new ones and deletes removed ones, with trimmed text and positions', () => {
    const result = planGoalSave({
      goals: [
        { id: STORED, title: '  Grow revenue ', description: '  +10% ' },
        { id: 1_767_225_600_000, title: 'Care for people', description: '   ' },
      ],
      removedIds: [REMOVED],
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        deletes: [REMOVED],
        updates: [{ id: STORED, body: { title: 'Grow revenue', description: '+10%', sequence_order: 0 } }],
        creates: [
          { tempId: 1_767_225_600_000, body: { title: 'Care for people', description: null, sequence_order: 1 } },
        ],
      },
    });
  });

  it('skips goals with a blank title, and numbers the rest without gaps', () => {
    const result = planGoalSave({
      goals: [
        { id: 1, title: '   ', description: 'ignored' },
        { id: STORED, title: '', description: '' },
        { id: 2, title: 'Kept', description: '' },
      ],
      removedIds: [],
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        deletes: [],
        updates: [],
        creates: [{ tempId: 2, body: { title: 'Kept', description: null, sequence_order: 0 } }],
      },
    });
  });

  it('refuses a save without one goal with a title', () => {
    expect(planGoalSave({ goals: [{ id: 1, title: '  ', description: 'x' }], removedIds: [REMOVED] })).toEqual({
      ok: false,
      message: NO_GOALS_MESSAGE,
    });
  });
});
