import { useState } from 'react';
import { EMPTY_SELECTION, toggleHabit } from '../utils/toggle-habit.ts';

// The page's choice: active habits are always part of it; `newIds` are what saving will send.
export function useHabitSelection(activeIds: ReadonlySet<string>) {
  const [state, setState] = useState(EMPTY_SELECTION);
  const toggle = (habitId: string) => setState((current) => toggleHabit(current, { habitId, activeIds }));
  return {
    selectedIds: new Set([...activeIds, ...state.addedIds]) as ReadonlySet<string>,
    newIds: state.addedIds,
    limitReached: state.limitReached,
    toggle,
  };
}
