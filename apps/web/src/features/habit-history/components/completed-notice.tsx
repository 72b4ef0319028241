import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { useStartAgain } from '../api/start-again.ts';

// A completed habit keeps its history; starting it again begins a new frame (decision 014).
export function CompletedNotice({ history }: { history: THabitHistoryResponse }) {
  const navigate = useNavigate();
  const startAgain = useStartAgain();
  const { t, i18n } = useLingui();
  const done = history.days_completed;
  const totalDays = history.total_days;
  const bestStreak = history.best_streak;
  const strength = history.strength;
  const changes = history.positive_changes_logged;
  return (
    <Alert color="teal" title={t`You completed this habit`} role="region" aria-label={t`Habit completed`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>
            {done} of <Plural value={totalDays} one="# day" other="# days" /> completed, a best streak of{' '}
            <Plural value={bestStreak} one="# day" other="# days" />, strength {strength}/100 and{' '}
            <Plural value={changes} one="# positive change" other="# positive changes" /> logged. It no longer takes one
            of your three places; start it again for a new {totalDays} days whenever you like.
          </Trans>
        </Text>
        <Button
          variant="light"
          color="teal"
          loading={startAgain.isPending}
          onClick={() =>
            startAgain.mutate(history.habit_id, {
              onSuccess: (userHabit) => void navigate(`/programme/habits/${userHabit.id}/history`),
            })
          }
        >
          <Trans>Start this habit again</Trans>
        </Button>
        {startAgain.isError && (
          <Text size="sm" c="red.9" role="alert">
            {refusalTextOr(
              i18n,
              startAgain.error,
              t`The habit could not be started. Check your connection and try again.`,
            )}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
