import type { THabit } from '@habitrack/contracts/programmes/list-behaviours';

// What the check-in screen shows of a habit.
export type TCheckInHabit = Pick<THabit, 'name' | 'description' | 'positive_changes'>;

// When the habit cannot be loaded the member can still check in, against this description
// (docs/domain/check-ins.md#when-the-habit-cannot-be-loaded).
export const DEFAULT_HABIT: TCheckInHabit = {
  name: 'Practice Daily Check-ins',
  description: '10 minutes one-on-one check-ins',
  positive_changes: [],
};
