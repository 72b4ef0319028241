import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, toggleHabit } from './toggle-habit.ts';

const none = new Set<string>();

describe('toggleHabit', () => {
  it('adds a habit, then removes it again', () => {
    const added = toggleHabit(EMPTY_SELECTION, { habitId: 'a', activeIds: none });
    expect(added).toEqual({ addedIds: ['a'], limitReached: false });
    expect(toggleHabit(added, { habitId: 'a', activeIds: none })).toEqual(EMPTY_SELECTION);
  });

  it('keeps active habits selected', () => {
    const state = toggleHabit(EMPTY_SELECTION, { habitId: 'active', activeIds: new Set(['active']) });
    expect(state).toEqual({ addedIds: [], limitReached: false });
  });

  it('ignores a fourth habit and says the limit was reached', () => {
    const state = { addedIds: ['b', 'c'], limitReached: false };
    const next = toggleHabit(state, { habitId: 'd', activeIds: new Set(['a']) });
    expect(next).toEqual({ addedIds: ['b', 'c'], limitReached: true });
  });

  it('clears the limit notice once a habit is unticked', () => {
    const state = { addedIds: ['a', 'b', 'c'], limitReached: true };
    expect(toggleHabit(state, { habitId: 'b', activeIds: none })).toEqual({
      addedIds: ['a', 'c'],
      limitReached: false,
    });
  });
});
