import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { THabitHistoryResponse, THistoryDay } from '@habitrack/contracts/habits/get-habit-history';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { fullDate } from '../utils/day-names.ts';
import { STATE_LABELS, STATE_MARKS } from '../utils/day-labels.ts';
import { LogDayForm } from './log-day-form.tsx';

type DayDetailsProps = {
  history: THabitHistoryResponse;
  day: THistoryDay;
  // Logging waits for an answer fetched now (decision 012): the day may have changed elsewhere.
  canEdit: boolean;
};

function whyNotLoggable(history: THabitHistoryResponse, day: THistoryDay): MessageDescriptor | null {
  if (history.status !== 'active') return null;
  if (day.state === 'paused') return msg`Paused days are not logged: they neither break nor add to your streak.`;
  if (day.state === 'future') return null;
  return msg`Only today and the two days before it can be logged or changed.`;
}

// The selected day: its state, its note and positive change, and the form to log it when allowed.
export function DayDetails({ history, day, canEdit }: DayDetailsProps) {
  const headingId = useId();
  const isToday = day.date === history.today;
  const { i18n } = useLingui();
  const date = fullDate(i18n, day.date);
  const change = day.positive_change?.name;
  const note = day.note;
  const reason = day.can_log ? null : whyNotLoggable(history, day);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {isToday ? <Trans>{date} (today)</Trans> : date}
        </Title>
        <Text>
          <span aria-hidden>{STATE_MARKS[day.state]} </span>
          {i18n._(STATE_LABELS[day.state])}
        </Text>
        {change && (
          <Text size="sm">
            <Trans>Positive change: {change}</Trans>
          </Text>
        )}
        {note && (
          <Text size="sm">
            <Trans>Note: {note}</Trans>
          </Text>
        )}
        {day.can_log && canEdit && (
          <LogDayForm
            key={day.date}
            userHabitId={history.user_habit_id}
            day={day}
            today={history.today}
            changes={history.positive_changes}
          />
        )}
        {reason && (
          <Text size="sm" c="dimmed">
            {i18n._(reason)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
