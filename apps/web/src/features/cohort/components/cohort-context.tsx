import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { Text } from '@mantine/core';
import { plural } from '../../../lib/plural.ts';

type CohortContextProps = {
  cohortName: string | undefined;
  members: TCohortMember[];
};

// Which cohort this is, how big, and where the viewer stands, under the page heading.
export function CohortContext({ cohortName, members }: CohortContextProps) {
  const you = members.find((member) => member.is_current_user);
  const parts = [
    cohortName,
    plural(members.length, 'member'),
    you ? `You're ranked #${you.rank} of ${members.length}` : undefined,
  ].filter((part): part is string => !!part);
  return <Text c="dimmed">{parts.join(' · ')}</Text>;
}
