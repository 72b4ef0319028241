import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { plural } from '../../../lib/plural.ts';
import { useCancelPause, usePauseHabit } from '../api/pause-habit.ts';
import { shortDate } from '../../../lib/calendar-day.ts';

type PauseSectionProps = {
  history: THabitHistoryResponse;
  // Changing pauses waits for an answer fetched now (decision 012).
  canEdit: boolean;
};

const problem = (error: unknown) =>
  error instanceof HttpError && error.detail ? error.detail : 'Check your connection and try again.';

const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

// A range of days from today on, at most 14 paused days per frame, cancellable
// (docs/domain/pauses.md).
export function PauseSection({ history, canEdit }: PauseSectionProps) {
  const headingId = useId();
  const [from, setFrom] = useState(history.today);
  const [to, setTo] = useState(history.today);
  const pause = usePauseHabit(history.user_habit_id);
  const cancel = useCancelPause(history.user_habit_id);
  const left = history.max_paused_days - history.paused_days;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Pauses
        </Title>
        <Text size="sm">
          Ill or on holiday? Pause this habit: paused days don&apos;t break your streak, don&apos;t count as missed, and
          move the end of your habit out by one day each. {plural(left, 'pause day')} left of {history.max_paused_days}.
        </Text>
        {history.pauses.length > 0 && (
          <List spacing="xs" aria-label="Your pauses">
            {history.pauses.map((p) => {
              const range = p.from === p.to ? shortDate(p.from) : `${shortDate(p.from)} to ${shortDate(p.to)}`;
              return (
                <List.Item key={p.id}>
                  <Group gap="sm">
                    <Text size="sm">
                      {range} ({plural(daysIn(p.from, p.to), 'day')})
                    </Text>
                    {p.cancellable && canEdit && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Cancel the pause ${range}`}
                        loading={cancel.isPending && cancel.variables === p.id}
                        onClick={() => cancel.mutate(p.id)}
                      >
                        Cancel pause
                      </Button>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
        {cancel.isError && (
          <Alert color="red" role="alert" title="The pause could not be cancelled">
            {problem(cancel.error)}
          </Alert>
        )}
        {history.status === 'active' && canEdit && left > 0 && (
          <Stack
            gap="sm"
            component="form"
            aria-label="Pause this habit"
            onSubmit={(event) => {
              event.preventDefault();
              pause.mutate({ from, to });
            }}
          >
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label="First paused day"
                value={from}
                min={history.today}
                max={history.ends_on}
                required
                onChange={(event) => setFrom(event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label="Last paused day"
                value={to}
                min={from}
                required
                onChange={(event) => setTo(event.currentTarget.value)}
              />
              <Button type="submit" loading={pause.isPending}>
                Pause habit
              </Button>
            </Group>
            <div role="status">
              {pause.isSuccess && !pause.isPending && (
                <Text size="sm" c="teal.9">
                  Paused. Your habit now ends on {shortDate(pause.data.frame_ends_on)}.
                </Text>
              )}
            </div>
            {pause.isError && (
              <Alert color="red" role="alert" title="The habit could not be paused">
                {problem(pause.error)}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
