import { Alert, Text } from '@mantine/core';
import { formatStartDate } from '../../../lib/start-date.ts';

type StartDateNoticeProps = {
  startsAt: string | null;
  started: boolean;
};

// SPEC §2: the start date (or 'Not set') is always in view, because it is the deadline for goals.
// role=note: Mantine's default role=alert would announce this standing notice as if it were urgent.
export function StartDateNotice({ startsAt, started }: StartDateNoticeProps) {
  const date = formatStartDate(startsAt);
  if (started) {
    return (
      <Alert color="red" variant="light" title="Goals are read-only" role="note">
        <Text size="sm">
          The programme started on {date}. Its organizational goals can no longer be changed, so saving is turned off.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title={`Programme start date: ${date}`} role="note">
      <Text size="sm">
        You can change these goals until the programme starts. From its start date on they are read-only, for you and
        for the team leaders defining KPIs against them.
      </Text>
    </Alert>
  );
}
