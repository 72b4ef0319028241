import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { TCohortMember } from '@habitrack/contracts/social/list-cohort-members';
import { currentHabit, otherHabits } from '../utils/member-labels.ts';

// The member's current habit, and how many others they practise (the progress is over all of them).
export function CurrentHabit({ member }: { member: TCohortMember }) {
  const habit = currentHabit(member);
  if (!habit) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No active habit</Trans>
      </Text>
    );
  }
  const others = otherHabits(member);
  return (
    <Text size="sm">
      {habit.name}
      {others && (
        <Text span size="sm" c="dimmed" display="block">
          {others}
        </Text>
      )}
    </Text>
  );
}
