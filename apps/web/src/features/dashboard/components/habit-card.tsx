import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatPercent } from '../../../lib/i18n/formatters.ts';

type THabit = TDashboardResponse['active_habits'][number];

export function HabitCard({ habit }: { habit: THabit }) {
  const titleId = useId();
  const { t, i18n } = useLingui();
  const habitName = habit.habit_name;
  const completed = habit.days_completed;
  const streak = habit.current_streak;
  const totalDays = habit.total_days;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {habitName}
          </Title>
          {habit.logged_today && (
            <Badge color="teal" variant="light">
              <Trans>Logged today</Trans>
            </Badge>
          )}
          {habit.paused_today && (
            <Badge color="gray" variant="light">
              <Trans>Paused today</Trans>
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={habit.progress_percentage} aria-label={t`${habitName} progress`} flex={1} />
          <Text size="sm" fw={600}>
            {formatPercent(i18n.locale, habit.progress_percentage / 100)}
          </Text>
        </Group>
        <Text size="sm">
          <Trans>
            Current streak: <Plural value={streak} one="# day" other="# days" />
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>
            {completed}/<Plural value={totalDays} one="# day" other="# days" /> completed
          </Trans>
        </Text>
        {/* Links, not buttons: they navigate, so they can also open in a new tab. */}
        <Button component={Link} to={`/programme/habit-track/${habit.habit_id}`}>
          <Trans>Track Today</Trans>
        </Button>
        <Button
          component={Link}
          to={`/programme/habits/${habit.id}/history`}
          variant="subtle"
          aria-label={t`History of ${habitName}`}
        >
          <Trans>History</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
