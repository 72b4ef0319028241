import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http.ts';
import { plural } from '../../../lib/plural.ts';
import { useStartAgain } from '../api/start-again.ts';

// A completed habit keeps its history; starting it again begins a new frame (decision 014).
export function CompletedNotice({ history }: { history: THabitHistoryResponse }) {
  const navigate = useNavigate();
  const startAgain = useStartAgain();
  return (
    <Alert color="teal" title="You completed this habit" role="region" aria-label="Habit completed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {history.days_completed} of {plural(history.total_days, 'day')} completed, a best streak of{' '}
          {plural(history.best_streak, 'day')}, strength {history.strength}/100 and{' '}
          {plural(history.positive_changes_logged, 'positive change')} logged. It no longer takes one of your three
          places; start it again for a new {history.total_days} days whenever you like.
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
          Start this habit again
        </Button>
        {startAgain.isError && (
          <Text size="sm" c="red.9" role="alert">
            {startAgain.error instanceof HttpError && startAgain.error.detail
              ? startAgain.error.detail
              : 'The habit could not be started. Check your connection and try again.'}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
