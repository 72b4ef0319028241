import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';

const alreadyEndorsed = msg`You have already endorsed this user today`;
const sampleCannotEndorse = msg`Endorsing is not available while sample data is shown.`;
// The reasons' source (en-GB) texts, which the tests look for.
export const ALREADY_ENDORSED = alreadyEndorsed.message as string;
export const SAMPLE_CANNOT_ENDORSE = sampleCannotEndorse.message as string;

export type TEndorseState =
  // Nobody endorses themselves, so their own row has no button at all.
  { kind: 'none' } | { kind: 'enabled' } | { kind: 'disabled'; label: 'Endorse' | 'Endorsed'; reason: string };

// The reason is worded in the language shown when the leaderboard renders.
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
  /* eslint-disable lingui/no-unlocalized-strings -- `label` says which button text, a value of its type */
  if (sample) return { kind: 'disabled', label: 'Endorse', reason: i18n._(sampleCannotEndorse) };
  if (member.endorsed_today || endorsedHere)
    return { kind: 'disabled', label: 'Endorsed', reason: i18n._(alreadyEndorsed) };
  if (member.active_habits.length === 0) {
    return { kind: 'disabled', label: 'Endorse', reason: t`No active habits to endorse` };
  }
  /* eslint-enable lingui/no-unlocalized-strings */
  return { kind: 'enabled' };
}
