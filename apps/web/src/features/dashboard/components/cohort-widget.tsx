import type { TDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Widget } from './widget.tsx';

type CohortWidgetProps = {
  team: TDashboardResponse['team_widget'];
  endorsements: TDashboardResponse['endorsements_widget'];
};

export function CohortWidget({ team, endorsements }: CohortWidgetProps) {
  const { t } = useLingui();
  const received = endorsements.total_received;
  const newOnes = endorsements.new_since_last_visit;
  return (
    <Widget title={t`Your Cohort`}>
      {team ? <CohortRank team={team} /> : null}
      {!team && (
        <Text size="sm" c="dimmed">
          <Trans>You are not part of a cohort yet.</Trans>
        </Text>
      )}
      <Text size="sm">
        <Trans>Endorsements received: {received}</Trans>
        {newOnes > 0 && (
          <>
            {' · '}
            <Text span fw={700} inherit>
              <Plural value={newOnes} one="# new one since your last visit" other="# new ones since your last visit" />
            </Text>
          </>
        )}
      </Text>
      <Group gap="xs">
        <Button component={Link} to="/programme/cohort" variant="light">
          <Trans>View Team Progress</Trans>
        </Button>
        <Button component={Link} to="/programme/endorsements" variant="default">
          <Trans>See who cheered you on</Trans>
        </Button>
      </Group>
    </Widget>
  );
}

function CohortRank({ team }: { team: NonNullable<TDashboardResponse['team_widget']> }) {
  const rank = team.my_rank;
  const memberCount = team.member_count;
  return (
    <>
      <Text fw={600}>{team.name}</Text>
      <Text size="sm">
        <Plural value={memberCount} one="# member" other="# members" />
      </Text>
      <Text size="sm">
        <Trans>
          Your rank: #{rank} of {memberCount}
        </Trans>
      </Text>
    </>
  );
}
