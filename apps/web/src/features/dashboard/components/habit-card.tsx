import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { plural } from '../../../lib/plural.ts';

type THabit = TDashboardResponse['active_habits'][number];

export function HabitCard({ habit }: { habit: THabit }) {
  const titleId = useId();
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {habit.habit_name}
          </Title>
          {habit.logged_today && (
            <Badge color="teal" variant="light">
              Logged today
            </Badge>
          )}
          {habit.paused_today && (
            <Badge color="gray" variant="light">
              Paused today
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={habit.progress_percentage} aria-label={`${habit.habit_name} progress`} flex={1} />
          <Text size="sm" fw={600}>
            {habit.progress_percentage}%
          </Text>
        </Group>
        <Text size="sm">Current streak: {plural(habit.current_streak, 'day')}</Text>
        <Text size="sm">
          {habit.days_completed}/{plural(habit.total_days, 'day')} completed
        </Text>
        {/* Links, not buttons: they navigate, so they can also open in a new tab. */}
        <Button component={Link} to={`/programme/habit-track/${habit.habit_id}`}>
          Track Today
        </Button>
        <Button
          component={Link}
          to={`/programme/habits/${habit.id}/history`}
          variant="subtle"
          aria-label={`History of ${habit.habit_name}`}
        >
          History
        </Button>
      </Stack>
    </Card>
  );
}
