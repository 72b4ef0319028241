import { ZEndorsement, type TEndorseMemberRequest } from '@habitrack/contracts/social/endorse-member';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { sendJson } from '../../../lib/http.ts';
import { saveEndorsedMark } from '../utils/endorsement-marks.ts';
import { cohortMembersQueryOptions } from './list-cohort-members.ts';
import { refusalTextOr } from '../../../lib/refusal-text.ts';

// The fixed praise text sent with every endorsement
// (docs/domain/standings-and-endorsements.md#the-endorse-button).
// eslint-disable-next-line lingui/no-unlocalized-strings -- the endorsement's stored text, sent to the API
export const ENDORSEMENT_MESSAGE = 'Great job staying consistent with your habits! Keep up the excellent work.';
// The praise is stored as sent and read by the endorsed member, so it is not translated here.
const endorseFailed = msg`Error endorsing member. Please try again.`;
// The alert's source (en-GB) text, which the tests look for.
export const ENDORSE_FAILED = endorseFailed.message as string;

export function endorseMember(endorsedUserId: string) {
  const body: TEndorseMemberRequest = { endorsed_user_id: endorsedUserId, message: ENDORSEMENT_MESSAGE };
  return sendJson('POST', '/api/v1/social/endorsements', { body, schema: ZEndorsement });
}

export type TEndorseVariables = { endorsedUserId: string; endorserId: string | undefined };

const MUTATION_KEY = ['social', 'endorse'];
const MEMBERS_KEY = cohortMembersQueryOptions.queryKey;

function patchMember(members: TCohortMember[] | undefined, userId: string, patch: (m: TCohortMember) => TCohortMember) {
  return members?.map((member) => (member.user.id === userId ? patch(member) : member));
}

// Optimistic: the button reads Endorsed and the count goes up at once
// (docs/domain/standings-and-endorsements.md#the-endorse-button). A failure undoes only this
// member's change (other endorsements may be in flight), and the list is refetched once the last
// endorsement settles so it ends up as the server has it.
export function useEndorseMember() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: ({ endorsedUserId }: TEndorseVariables) => endorseMember(endorsedUserId),
    onMutate: async ({ endorsedUserId }) => {
      // A list fetched before the click must not land afterwards and undo the optimistic change.
      await queryClient.cancelQueries({ queryKey: MEMBERS_KEY });
      queryClient.setQueryData(MEMBERS_KEY, (members) =>
        patchMember(members, endorsedUserId, (m) => ({
          ...m,
          endorsed_today: true,
          total_endorsements: m.total_endorsements + 1,
        })),
      );
    },
    onSuccess: (endorsement, { endorsedUserId, endorserId }) => {
      saveEndorsedMark({ endorserId, endorsedId: endorsedUserId });
      queryClient.setQueryData(MEMBERS_KEY, (members) =>
        patchMember(members, endorsedUserId, (m) => ({ ...m, total_endorsements: endorsement.total_endorsements })),
      );
    },
    onError: (error, { endorsedUserId }) => {
      queryClient.setQueryData(MEMBERS_KEY, (members) =>
        patchMember(members, endorsedUserId, (m) => ({
          ...m,
          endorsed_today: false,
          total_endorsements: Math.max(0, m.total_endorsements - 1),
        })),
      );
      // The server's own sentence when it gave one (e.g. once per day), else the generic one
      // (docs/domain/failures.md#alerts).
      window.alert(refusalTextOr(i18n, error, i18n._(endorseFailed)));
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) === 1) {
        void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      }
    },
  });
  // Two clicks before the button re-renders as Endorsed would send two endorsements (the second
  // refused, with an alert). The mutation cache knows about the first one synchronously.
  return (variables: TEndorseVariables) => {
    const inFlight = queryClient.isMutating({
      mutationKey: MUTATION_KEY,
      predicate: (m) =>
        (m.state.variables as TEndorseVariables | undefined)?.endorsedUserId === variables.endorsedUserId,
    });
    if (inFlight === 0) mutation.mutate(variables);
  };
}
