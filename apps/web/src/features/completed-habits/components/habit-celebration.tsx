import type { TCompletedHabit } from '@habitrack/contracts/habits/list-completed-habits';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, CloseButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
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
  const { t } = useLingui();
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
  const onlyName = shown[0]!.habit_name;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} bg="teal.0">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h3" id={headingId}>
            {shown.length === 1 ? (
              <Trans>Congratulations: you completed {onlyName}!</Trans>
            ) : (
              <Trans>Congratulations: you completed your habits!</Trans>
            )}
          </Title>
          <CloseButton aria-label={t`Close the celebration`} onClick={() => setShown([])} />
        </Group>
        <List spacing="sm" listStyleType="none" p={0}>
          {shown.map((habit) => (
            <CelebratedHabit key={habit.user_habit_id} habit={habit} named={shown.length > 1} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

function CelebratedHabit({ habit, named }: { habit: TCompletedHabit; named: boolean }) {
  const { t } = useLingui();
  const habitName = habit.habit_name;
  const done = habit.days_completed;
  const totalDays = habit.total_days;
  const bestStreak = habit.best_streak;
  const strength = habit.strength;
  const changes = habit.positive_changes_logged;
  return (
    <List.Item>
      <Stack gap={2}>
        {named && <Text fw={600}>{habitName}</Text>}
        <Text size="sm">
          <Trans>
            {done} of <Plural value={totalDays} one="# day" other="# days" /> completed · best streak{' '}
            <Plural value={bestStreak} one="# day" other="# days" /> · strength {strength}/100 ·{' '}
            <Plural value={changes} one="# positive change" other="# positive changes" /> logged
          </Trans>
        </Text>
        <Button
          component={Link}
          to={`/programme/habits/${habit.user_habit_id}/history`}
          variant="subtle"
          color="teal"
          px={0}
          w="fit-content"
          aria-label={t`See the history of ${habitName}`}
        >
          <Trans>See the history</Trans>
        </Button>
      </Stack>
    </List.Item>
  );
}
