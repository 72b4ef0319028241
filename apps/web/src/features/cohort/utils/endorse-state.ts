import { NO_ACTIVE_HABITS_TO_ENDORSE } from '@habitrack/contracts/social/endorse-member';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';

export const ALREADY_ENDORSED = 'You have already endorsed this user today';
export const SAMPLE_CANNOT_ENDORSE = 'Endorsing is not available while sample data is shown.';

export type TEndorseState =
  // Nobody endorses themselves, so their own row has no button at all.
  { kind: 'none' } | { kind: 'enabled' } | { kind: 'disabled'; label: 'Endorse' | 'Endorsed'; reason: string };

// The Endorse button (docs/domain/standings-and-endorsements.md#the-endorse-button). "Already
// endorsed" wins over "no active habits": it is what actually happened today.
export function endorseState(options: {
  member: TCohortMember;
  // A mark saved on this device today (endorsement-marks.ts).
  endorsedHere: boolean;
  sample: boolean;
}): TEndorseState {
  const { member, endorsedHere, sample } = options;
  if (member.is_current_user) return { kind: 'none' };
  if (sample) return { kind: 'disabled', label: 'Endorse', reason: SAMPLE_CANNOT_ENDORSE };
  if (member.endorsed_today || endorsedHere) return { kind: 'disabled', label: 'Endorsed', reason: ALREADY_ENDORSED };
  if (member.active_habits.length === 0) {
    return { kind: 'disabled', label: 'Endorse', reason: NO_ACTIVE_HABITS_TO_ENDORSE };
  }
  return { kind: 'enabled' };
}
