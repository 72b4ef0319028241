import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { THabitHistoryResponse } from '@habitrack/contracts/habits/get-habit-history';
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { refusalTextOr } from '../../../lib/refusal-text.ts';
import { useCancelPause, usePauseHabit } from '../api/pause-habit.ts';
import { shortDate } from '../utils/day-names.ts';

type PauseSectionProps = {
  history: THabitHistoryResponse;
  // Changing pauses waits for an answer fetched now (decision 012).
  canEdit: boolean;
};

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
  const maxPausedDays = history.max_paused_days;
  const { t, i18n } = useLingui();
  const offline = t`Check your connection and try again.`;
  const newEnd = pause.data ? shortDate(i18n.locale, pause.data.frame_ends_on) : '';

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          <Trans>Pauses</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Ill or on holiday? Pause this habit: paused days don&apos;t break your streak, don&apos;t count as missed,
            and move the end of your habit out by one day each.{' '}
            <Plural value={left} one="# pause day" other="# pause days" /> left of {maxPausedDays}.
          </Trans>
        </Text>
        {history.pauses.length > 0 && (
          <List spacing="xs" aria-label={t`Your pauses`}>
            {history.pauses.map((p) => {
              const from = shortDate(i18n.locale, p.from);
              const to = shortDate(i18n.locale, p.to);
              const range = p.from === p.to ? from : t`${from} to ${to}`;
              const length = daysIn(p.from, p.to);
              return (
                <List.Item key={p.id}>
                  <Group gap="sm">
                    <Text size="sm">
                      <Trans>
                        {range} (<Plural value={length} one="# day" other="# days" />)
                      </Trans>
                    </Text>
                    {p.cancellable && canEdit && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t`Cancel the pause ${range}`}
                        loading={cancel.isPending && cancel.variables === p.id}
                        onClick={() => cancel.mutate(p.id)}
                      >
                        <Trans>Cancel pause</Trans>
                      </Button>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
        {cancel.isError && (
          <Alert color="red" role="alert" title={t`The pause could not be cancelled`}>
            {refusalTextOr(i18n, cancel.error, offline)}
          </Alert>
        )}
        {history.status === 'active' && canEdit && left > 0 && (
          <Stack
            gap="sm"
            component="form"
            aria-label={t`Pause this habit`}
            onSubmit={(event) => {
              event.preventDefault();
              pause.mutate({ from, to });
            }}
          >
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label={t`First paused day`}
                value={from}
                min={history.today}
                max={history.ends_on}
                required
                onChange={(event) => setFrom(event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label={t`Last paused day`}
                value={to}
                min={from}
                required
                onChange={(event) => setTo(event.currentTarget.value)}
              />
              <Button type="submit" loading={pause.isPending}>
                <Trans>Pause habit</Trans>
              </Button>
            </Group>
            <div role="status">
              {pause.isSuccess && !pause.isPending && (
                <Text size="sm" c="teal.9">
                  <Trans>Paused. Your habit now ends on {newEnd}.</Trans>
                </Text>
              )}
            </div>
            {pause.isError && (
              <Alert color="red" role="alert" title={t`The habit could not be paused`}>
                {refusalTextOr(i18n, pause.error, offline)}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
