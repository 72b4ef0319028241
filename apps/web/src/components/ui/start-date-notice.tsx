import { Alert, Text } from '@mantine/core';
import { formatStartDate } from '../../lib/start-date.ts';

export type StartDateNoticeProps = {
  startsAt: string | null;
  started: boolean;
  // Once started: the alert's title, and what the programme's start has locked ("Its ... can no
  // longer be changed").
  readOnlyTitle: string;
  locked: string;
  // Before the start: what the date means for this form.
  beforeStart: string;
};

// The start date is the deadline for the leaders' setup forms
// (docs/domain/leaders-goals-kpis.md#the-start-date-lock), so it stays in view, as 'Not set' when
// there is none. role=note: Mantine's default role=alert would announce this standing notice as if
// it were urgent.
export function StartDateNotice({ startsAt, started, readOnlyTitle, locked, beforeStart }: StartDateNoticeProps) {
  const date = formatStartDate(startsAt);
  if (started) {
    return (
      <Alert color="red" variant="light" title={readOnlyTitle} role="note">
        <Text size="sm">
          The programme started on {date}. Its {locked} can no longer be changed, so saving is turned off.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title={`Programme start date: ${date}`} role="note">
      <Text size="sm">{beforeStart}</Text>
    </Alert>
  );
}
