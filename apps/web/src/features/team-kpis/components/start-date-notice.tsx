import { Alert, Text } from '@mantine/core';
import { formatStartDate } from '../../../lib/start-date.ts';

type StartDateNoticeProps = {
  startsAt: string | null;
  started: boolean;
};

// The start date is the deadline for departments and KPIs too (SPEC §6), so it stays in view.
// role=note: Mantine's default role=alert would announce this standing notice as if it were urgent.
export function StartDateNotice({ startsAt, started }: StartDateNoticeProps) {
  const date = formatStartDate(startsAt);
  if (started) {
    return (
      <Alert color="red" variant="light" title="Departments and KPIs are read-only" role="note">
        <Text size="sm">
          The programme started on {date}. Its departments and KPIs can no longer be changed, so saving is turned off.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title={`Programme start date: ${date}`} role="note">
      <Text size="sm">You can change your departments and KPIs until the programme starts.</Text>
    </Alert>
  );
}
