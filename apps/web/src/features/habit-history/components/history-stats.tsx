import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Card, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';

type HistoryStatsProps = Pick<
  THabitHistoryResponse,
  'habit_name' | 'current_streak' | 'best_streak' | 'days_completed' | 'total_days' | 'strength'
>;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

// Beside the calendar: the streaks, the days completed, and the habit's strength (decision 014).
export function HistoryStats(props: HistoryStatsProps) {
  const strengthHelp = useId();
  const { t } = useLingui();
  const { habit_name: habitName, current_streak: streak, best_streak: bestStreak, strength } = props;
  const done = props.days_completed;
  const totalDays = props.total_days;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t`Your figures`}>
      <Stack gap="sm">
        <SimpleGrid cols={3} spacing="sm">
          <Figure label={t`Current streak`} value={t`${plural(streak, { one: '# day', other: '# days' })}`} />
          <Figure label={t`Best streak`} value={t`${plural(bestStreak, { one: '# day', other: '# days' })}`} />
          <Figure label={t`Completed`} value={t`${done}/${plural(totalDays, { one: '# day', other: '# days' })}`} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            <Trans>Habit strength: {strength}/100</Trans>
          </Text>
          <Progress value={props.strength} aria-label={t`${habitName} strength`} aria-describedby={strengthHelp} />
          <Text size="xs" c="dimmed" id={strengthHelp}>
            <Trans>
              Rises with every completed day and eases off gently on missed ones; paused days leave it as it is.
            </Trans>
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
