import type { TCompletedHabit } from '@habitrack/contracts/habits/list-completed-habits';
import { Button, CloseButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
import { plural } from '../../../lib/plural.ts';
import { useCompletedHabits } from '../api/list-completed-habits.ts';
import { useMarkCelebrationSeen } from '../api/mark-celebration-seen.ts';

// On the first visit after a habit's frame ends, a short celebration with its summary, once
// (docs/domain/habits-and-the-frame.md#completed-habits-and-the-celebration). Decided only by an
// answer fetched now (decision 012): a kept copy of an earlier visit never shows it again. Shown
// habits are recorded as seen at once, so a reload does not repeat it; the card stays until closed.
export function HabitCelebration() {
  const completed = useCompletedHabits();
  const { mutate: markSeen } = useMarkCelebrationSeen();
  const [shown, setShown] = useState<TCompletedHabit[] | null>(null);
  const recorded = useRef(new Set<string>());
  const headingId = useId();
  // Decided once, from the first fresh answer; what it shows stays until closed.
  if (shown === null && completed.data && isFreshAnswer(completed)) {
    setShown(completed.data.filter((habit) => !habit.celebrated));
  }

  useEffect(() => {
    for (const habit of shown ?? []) {
      if (recorded.current.has(habit.user_habit_id)) continue;
      recorded.current.add(habit.user_habit_id);
      markSeen(habit.user_habit_id);
    }
  }, [shown, markSeen]);

  if (!shown || shown.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} bg="teal.0">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h3" id={headingId}>
            Congratulations:{' '}
            {shown.length === 1 ? `you completed ${shown[0]!.habit_name}!` : 'you completed your habits!'}
          </Title>
          <CloseButton aria-label="Close the celebration" onClick={() => setShown([])} />
        </Group>
        <List spacing="sm" listStyleType="none" p={0}>
          {shown.map((habit) => (
            <List.Item key={habit.user_habit_id}>
              <Stack gap={2}>
                {shown.length > 1 && <Text fw={600}>{habit.habit_name}</Text>}
                <Text size="sm">
                  {habit.days_completed} of {plural(habit.total_days, 'day')} completed · best streak{' '}
                  {plural(habit.best_streak, 'day')} · strength {habit.strength}/100 ·{' '}
                  {plural(habit.positive_changes_logged, 'positive change')} logged
                </Text>
                <Button
                  component={Link}
                  to={`/programme/habits/${habit.user_habit_id}/history`}
                  variant="subtle"
                  color="teal"
                  px={0}
                  w="fit-content"
                  aria-label={`See the history of ${habit.habit_name}`}
                >
                  See the history
                </Button>
              </Stack>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
