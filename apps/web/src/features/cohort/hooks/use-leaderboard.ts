import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { toDayKey } from '../../../lib/dates.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { useCohortMembers } from '../api/list-cohort-members.ts';
import { endorseState, type TEndorseState } from '../utils/endorse-state.ts';
import { isMarkedEndorsed } from '../utils/endorsement-marks.ts';
import { isNotInCohort, isUnavailable } from '../utils/load-failure.ts';
import { buildSampleCohort, type TSampleLog, type TSampleYou } from '../utils/sample-cohort.ts';

export type TLeaderboardRow = { member: TCohortMember; endorse: TEndorseState };

export type TLeaderboard =
  | { status: 'pending' }
  | { status: 'not-in-cohort'; message: string }
  | { status: 'error'; retry: () => void }
  | { status: 'live'; rows: TLeaderboardRow[]; endorserId: string | undefined }
  | { status: 'sample'; rows: TLeaderboardRow[]; retry: () => void; retrying: boolean };

// What the page shows: the live cohort, or sample rows when it cannot be loaded
// (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded). Once the live list
// has loaded it stays on screen, even if a later refetch fails.
export function useLeaderboard(options: {
  you: TSampleYou | undefined;
  readLocalLogs: () => readonly TSampleLog[];
}): TLeaderboard {
  const query = useCohortMembers();
  const retry = () => void query.refetch();

  if (query.data) {
    const endorserId = query.data.find((member) => member.is_current_user)?.user.id;
    const rows = query.data.map((member) => ({
      member,
      endorse: endorseState({
        member,
        endorsedHere: isMarkedEndorsed({ endorserId, endorsedId: member.user.id }),
        sample: false,
      }),
    }));
    return { status: 'live', rows, endorserId };
  }
  if (query.isPending) return { status: 'pending' };
  const notInCohort = isNotInCohort(query.error) ? refusalText(i18n, query.error) : null;
  if (notInCohort) return { status: 'not-in-cohort', message: notInCohort };
  if (!isUnavailable(query.error)) return { status: 'error', retry };

  const sample = buildSampleCohort({ logs: options.readLocalLogs(), you: options.you, today: toDayKey() });
  const rows = sample.map((member) => ({
    member,
    endorse: endorseState({ member, endorsedHere: false, sample: true }),
  }));
  return { status: 'sample', rows, retry, retrying: query.isFetching };
}
