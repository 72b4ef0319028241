import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { shortDate } from '../../../lib/calendar-day.ts';
import { plural } from '../../../lib/plural.ts';
import { useCompletedHabits } from '../api/list-completed-habits.ts';

// The member's completed habits, newest first, each linking to its history (decision 014). Nothing
// while there are none, or while they load: the dashboard has its own states.
export function CompletedHabitsList() {
  const completed = useCompletedHabits();
  const headingId = useId();
  if (!completed.data || completed.data.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Completed habits
      </Title>
      <Card withBorder radius="md" padding="md">
        <List spacing="sm" listStyleType="none" p={0}>
          {completed.data.map((habit) => (
            <List.Item key={habit.user_habit_id}>
              <Stack gap={0}>
                <Anchor
                  component={Link}
                  to={`/programme/habits/${habit.user_habit_id}/history`}
                  fw={600}
                  aria-label={`${habit.habit_name}: history`}
                >
                  {habit.habit_name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {shortDate(habit.started_on)} to {shortDate(habit.ended_on)} · {habit.days_completed}/
                  {plural(habit.total_days, 'day')} completed · best streak {plural(habit.best_streak, 'day')} ·
                  strength {habit.strength}/100
                </Text>
              </Stack>
            </List.Item>
          ))}
        </List>
      </Card>
    </Stack>
  );
}
