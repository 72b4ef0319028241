import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Widget } from './widget.tsx';
import { plural } from '../../../lib/plural.ts';

export function CohortWidget({ team }: { team: TDashboardResponse['team_widget'] }) {
  return (
    <Widget title="Your Cohort">
      {team ? (
        <>
          <Text fw={600}>{team.name}</Text>
          <Text size="sm">{plural(team.member_count, 'member')}</Text>
          <Text size="sm">
            Your rank: #{team.my_rank} of {team.member_count}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          You are not part of a cohort yet.
        </Text>
      )}
      <Group>
        <Button component={Link} to="/programme/cohort" variant="light">
          View Team Progress
        </Button>
      </Group>
    </Widget>
  );
}
