import type { TCompletedHabit } from '@habitrack/contracts/habits/list-completed-habits';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCompletedHabits } from '../api/list-completed-habits.ts';
import { shortDate } from '../utils/day-names.ts';

// The member's completed habits, newest first, each linking to its history (decision 014). Nothing
// while there are none, or while they load: the dashboard has its own states.
export function CompletedHabitsList() {
  const completed = useCompletedHabits();
  const headingId = useId();
  if (!completed.data || completed.data.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        <Trans>Completed habits</Trans>
      </Title>
      <Card withBorder radius="md" padding="md">
        <List spacing="sm" listStyleType="none" p={0}>
          {completed.data.map((habit) => (
            <CompletedHabit key={habit.user_habit_id} habit={habit} />
          ))}
        </List>
      </Card>
    </Stack>
  );
}

function CompletedHabit({ habit }: { habit: TCompletedHabit }) {
  const { t, i18n } = useLingui();
  const habitName = habit.habit_name;
  const start = shortDate(i18n.locale, habit.started_on);
  const end = shortDate(i18n.locale, habit.ended_on);
  const done = habit.days_completed;
  const totalDays = habit.total_days;
  const bestStreak = habit.best_streak;
  const strength = habit.strength;
  return (
    <List.Item>
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={`/programme/habits/${habit.user_habit_id}/history`}
          fw={600}
          aria-label={t`${habitName}: history`}
        >
          {habitName}
        </Anchor>
        <Text size="sm" c="dimmed">
          <Trans>
            {start} to {end} · {done}/<Plural value={totalDays} one="# day" other="# days" /> completed · best streak{' '}
            <Plural value={bestStreak} one="# day" other="# days" /> · strength {strength}/100
          </Trans>
        </Text>
      </Stack>
    </List.Item>
  );
}
