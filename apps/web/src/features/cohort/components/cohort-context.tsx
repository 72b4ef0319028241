import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { Fragment } from 'react';

type CohortContextProps = {
  cohortName: string | undefined;
  members: TCohortMember[];
};

// Which cohort this is, how big, and where the viewer stands, under the page heading. Each part is
// isolated (<bdi>): in Arabic a Latin cohort name would otherwise take the member count after it
// into its own left-to-right run ("Cohort Aurora · 25" read before the word "members").
export function CohortContext({ cohortName, members }: CohortContextProps) {
  const { t } = useLingui();
  const you = members.find((member) => member.is_current_user);
  const count = members.length;
  const rank = you?.rank;
  const parts = [
    cohortName,
    plural(count, { one: '# member', other: '# members' }),
    you ? t`You're ranked #${rank} of ${count}` : undefined,
  ].filter((part): part is string => !!part);
  return (
    <Text c="dimmed">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </Text>
  );
}
