import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Widget } from './widget.tsx';
import { plural } from '../../../lib/plural.ts';

type CohortWidgetProps = {
  team: TDashboardResponse['team_widget'];
  endorsements: TDashboardResponse['endorsements_widget'];
};

export function CohortWidget({ team, endorsements }: CohortWidgetProps) {
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
      <Text size="sm">
        Endorsements received: {endorsements.total_received}
        {endorsements.new_since_last_visit > 0 && (
          <>
            {' · '}
            <Text span fw={700} inherit>
              {plural(endorsements.new_since_last_visit, 'new one', 'new ones')} since your last visit
            </Text>
          </>
        )}
      </Text>
      <Group gap="xs">
        <Button component={Link} to="/programme/cohort" variant="light">
          View Team Progress
        </Button>
        <Button component={Link} to="/programme/endorsements" variant="default">
          See who cheered you on
        </Button>
      </Group>
    </Widget>
  );
}
