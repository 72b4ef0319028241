import { useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { formatStartDate } from '../../lib/start-date.ts';

export type StartDateNoticeProps = {
  startsAt: string | null;
  started: boolean;
  // Once started: the alert's title, and the whole sentence saying what the programme's start has
  // locked, given the start date in words ("The programme started on {date}. Its goals can no longer
  // be changed, …"): a sentence, not a fragment, so every language can order it its own way.
  readOnlyTitle: string;
  afterStart: (date: string) => string;
  // Before the start: what the date means for this form.
  beforeStart: string;
};

// The start date is the deadline for the leaders' setup forms
// (docs/domain/leaders-goals-kpis.md#the-start-date-lock), so it stays in view, as 'Not set' when
// there is none. role=note: Mantine's default role=alert would announce this standing notice as if
// it were urgent.
export function StartDateNotice({ startsAt, started, readOnlyTitle, afterStart, beforeStart }: StartDateNoticeProps) {
  const { t, i18n } = useLingui();
  const date = formatStartDate(startsAt, i18n.locale) ?? t`Not set`;
  if (started) {
    return (
      <Alert color="red" variant="light" title={readOnlyTitle} role="note">
        <Text size="sm">{afterStart(date)}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title={t`Programme start date: ${date}`} role="note">
      <Text size="sm">{beforeStart}</Text>
    </Alert>
  );
}
