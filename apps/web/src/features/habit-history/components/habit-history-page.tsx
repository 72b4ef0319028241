import { Trans, useLingui } from '@lingui/react/macro';
import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
import { HttpError } from '../../../lib/http.ts';
import { useHabitHistory } from '../api/get-habit-history.ts';
import { shortDate } from '../utils/day-names.ts';
import { CompletedNotice } from './completed-notice.tsx';
import { DayDetails } from './day-details.tsx';
import { HistoryGrid } from './history-grid.tsx';
import { HistoryStats } from './history-stats.tsx';
import { PauseSection } from './pause-section.tsx';

const DASHBOARD = '/programme/dashboard';

// A habit's history (docs/domain/habits-and-the-frame.md#a-habits-history): the whole frame as a
// calendar, the figures beside it, the selected day with its note and the form to log it, and the
// pauses.
export function HabitHistoryPage({ userHabitId }: { userHabitId: string }) {
  const history = useHabitHistory(userHabitId);
  const { t } = useLingui();
  let body;
  if (history.data) {
    body = <HistoryContent history={history.data} canEdit={isFreshAnswer(history)} />;
  } else if (history.isError) {
    body =
      history.error instanceof HttpError && history.error.status === 404 ? (
        <Alert color="gray" title={t`We couldn't find this habit`}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              <Trans>It is not one of your habits. Your habits are on your dashboard.</Trans>
            </Text>
            <Button component={Link} to={DASHBOARD} variant="light">
              <Trans>Back to Dashboard</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ErrorState
          title={t`We couldn't load this habit's history`}
          message={t`Check your connection and try again.`}
          onRetry={() => void history.refetch()}
        />
      );
  } else body = <LoadingState label={t`Loading your habit's history...`} />;

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Habit history</Trans>
      </Title>
      {body}
    </Stack>
  );
}

function HistoryContent({ history, canEdit }: { history: THabitHistoryResponse; canEdit: boolean }) {
  const lastDay = history.days.at(-1)?.date ?? history.today;
  const [selected, setSelected] = useState(history.today <= lastDay ? history.today : lastDay);
  const day = history.days.find((d) => d.date === selected) ?? history.days[0];
  const completed = history.status === 'completed';
  const { i18n } = useLingui();
  const start = shortDate(i18n.locale, history.started_on);
  const end = shortDate(i18n.locale, history.ends_on);
  const pausedDays = history.paused_days;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={2}>{history.habit_name}</Title>
          {completed && (
            <Badge color="teal" variant="light">
              <Trans>Completed</Trans>
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          {pausedDays > 0 ? (
            <Trans>
              {start} to {end} ({pausedDays} paused days added)
            </Trans>
          ) : (
            <Trans>
              {start} to {end}
            </Trans>
          )}
        </Text>
      </Stack>
      {completed && <CompletedNotice history={history} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <HistoryGrid
          habitName={history.habit_name}
          days={history.days}
          today={history.today}
          selected={day?.date ?? selected}
          onSelect={setSelected}
        />
        <Stack gap="md">
          <HistoryStats {...history} />
          {day && <DayDetails history={history} day={day} canEdit={canEdit} />}
        </Stack>
      </SimpleGrid>
      {history.status === 'active' && <PauseSection history={history} canEdit={canEdit} />}
      <Group>
        <Button component={Link} to={DASHBOARD} variant="default">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
