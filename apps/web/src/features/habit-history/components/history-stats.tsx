import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Card, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { plural } from '../../../lib/plural.ts';

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
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Your figures">
      <Stack gap="sm">
        <SimpleGrid cols={3} spacing="sm">
          <Figure label="Current streak" value={plural(props.current_streak, 'day')} />
          <Figure label="Best streak" value={plural(props.best_streak, 'day')} />
          <Figure label="Completed" value={`${props.days_completed}/${plural(props.total_days, 'day')}`} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Habit strength: {props.strength}/100
          </Text>
          <Progress
            value={props.strength}
            aria-label={`${props.habit_name} strength`}
            aria-describedby={strengthHelp}
          />
          <Text size="xs" c="dimmed" id={strengthHelp}>
            Rises with every completed day and eases off gently on missed ones; paused days leave it as it is.
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
