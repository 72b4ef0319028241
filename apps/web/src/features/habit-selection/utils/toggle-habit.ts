import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';

export type TSelectionState = {
  // Habits ticked on this page that are not active yet, in the order they were ticked.
  addedIds: readonly string[];
  // The last toggle was refused because the limit was reached: the page says why.
  limitReached: boolean;
};

export const EMPTY_SELECTION: TSelectionState = { addedIds: [], limitReached: false };

type ToggleInput = {
  habitId: string;
  activeIds: ReadonlySet<string>;
  max?: number;
};

// Active habits stay selected (ending a habit is not done here), and ticking one more is ignored
// once the limit is reached
// (docs/domain/habits-and-the-frame.md#selecting-on-the-select-your-habits-screen).
export function toggleHabit(state: TSelectionState, { habitId, activeIds, max = MAX_ACTIVE_HABITS }: ToggleInput) {
  if (activeIds.has(habitId)) return { ...state, limitReached: false };
  if (state.addedIds.includes(habitId)) {
    return { addedIds: state.addedIds.filter((id) => id !== habitId), limitReached: false };
  }
  if (activeIds.size + state.addedIds.length >= max) return { ...state, limitReached: true };
  return { addedIds: [...state.addedIds, habitId], limitReached: false };
}
