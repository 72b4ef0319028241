import { Group, Stack, Table, Text } from '@mantine/core';
import type { TLeaderboardRow } from '../hooks/use-leaderboard.ts';
import { currentHabit, dayCount, dayStreak, progressLabel, roleOrJobTitle } from '../utils/member-labels.ts';
import { CurrentHabit } from './current-habit.tsx';
import { EndorseButton } from './endorse-button.tsx';
import { MemberBadges } from './member-badges.tsx';
import { ProgressRing } from './progress-ring.tsx';

type MemberRowProps = {
  row: TLeaderboardRow;
  sample: boolean;
  onEndorse: (userId: string) => void;
};

export function MemberRow({ row: { member, endorse }, sample, onEndorse }: MemberRowProps) {
  const habit = currentHabit(member);
  const days = habit?.days_completed ?? 0;
  return (
    <Table.Tr bg={member.is_current_user ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Text fw={700} size="lg">
          {member.rank}
        </Text>
      </Table.Td>
      {/* The row header: screen readers announce whose numbers they are in while moving across. */}
      <Table.Th scope="row" fw="normal">
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600}>{member.user.full_name}</Text>
            <MemberBadges member={member} sample={sample} />
          </Group>
          <Text size="sm" c="dimmed">
            {roleOrJobTitle(member.user)}
          </Text>
        </Stack>
      </Table.Th>
      <Table.Td>
        <CurrentHabit member={member} />
      </Table.Td>
      <Table.Td>
        <ProgressRing value={member.total_progress_percentage} label={progressLabel(member)} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dayStreak(member.current_streak)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{dayCount(days)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {member.total_endorsements}
        </Text>
      </Table.Td>
      <Table.Td>
        <EndorseButton state={endorse} memberName={member.user.full_name} onEndorse={() => onEndorse(member.user.id)} />
      </Table.Td>
    </Table.Tr>
  );
}
