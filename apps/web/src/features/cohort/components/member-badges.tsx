import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';

// 'You' on the signed-in member, 'Sample' on the fallback's made-up members
// (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded), in either layout.
export function MemberBadges({ member, sample }: { member: TCohortMember; sample: boolean }) {
  if (member.is_current_user) {
    return (
      <Badge size="sm" variant="filled">
        <Trans>You</Trans>
      </Badge>
    );
  }
  if (!sample) return null;
  return (
    <Badge size="sm" color="yellow" variant="light">
      <Trans>Sample</Trans>
    </Badge>
  );
}
