import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Trans } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { HabitCard } from './habit-card.tsx';

const HABIT_SELECTION_PATH = '/programme/behaviour-habit-selection';

type ActiveHabitsProps = Pick<TDashboardResponse, 'active_habits' | 'can_add_more_habits'>;

export function ActiveHabits({ active_habits: habits, can_add_more_habits: canAddMore }: ActiveHabitsProps) {
  const titleId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Group justify="space-between">
        <Title order={2} size="h3" id={titleId}>
          <Trans>Your Habits</Trans>
        </Title>
        {canAddMore && habits.length > 0 && (
          <Button component={Link} to={HABIT_SELECTION_PATH} variant="subtle">
            <Trans>Add more habits</Trans>
          </Button>
        )}
      </Group>
      {habits.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text>
              <Trans>You have no active habits yet. Pick up to 3 habits to practise in Module 1.</Trans>
            </Text>
            <Button component={Link} to={HABIT_SELECTION_PATH}>
              <Trans>Continue to Module 1</Trans>
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ alignItems: 'start' }}>
          {habits.map((habit) => (
            <HabitCard key={habit.id} habit={habit} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
