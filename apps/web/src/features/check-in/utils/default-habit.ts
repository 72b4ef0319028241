import type { THabit } from '@habitrack/contracts/programmes/list-behaviours';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// What the check-in screen shows of a habit.
export type TCheckInHabit = Pick<THabit, 'name' | 'description' | 'positive_changes'>;

const DEFAULT_HABIT_NAME = msg`Practice Daily Check-ins`;
const DEFAULT_HABIT_DESCRIPTION = msg`10 minutes one-on-one check-ins`;

// When the habit cannot be loaded the member can still check in, against this description
// (docs/domain/check-ins.md#when-the-habit-cannot-be-loaded), in the member's language.
export function defaultHabit(i18n: I18n): TCheckInHabit {
  return { name: i18n._(DEFAULT_HABIT_NAME), description: i18n._(DEFAULT_HABIT_DESCRIPTION), positive_changes: [] };
}
