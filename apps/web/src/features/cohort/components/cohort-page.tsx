import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useCohortSummary } from '../api/get-cohort-summary.ts';
import { useEndorseMember } from '../api/endorse-member.ts';
import { useLeaderboard } from '../hooks/use-leaderboard.ts';
import type { TSampleLog, TSampleYou } from '../utils/sample-cohort.ts';
import { CohortContext } from './cohort-context.tsx';
import { LeaderboardSkeleton } from './leaderboard-skeleton.tsx';
import { Leaderboard } from './leaderboard.tsx';
import { SampleDataAlert } from './sample-data-alert.tsx';

type CohortPageProps = {
  // The signed-in person, for their own row when only sample data can be shown.
  you?: TSampleYou;
  // This device's check-ins, for that row.
  readLocalLogs: () => readonly TSampleLog[];
};

function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Text>{children}</Text>
    </Paper>
  );
}

// The Cohort leaderboard screen (docs/domain/screens.md#cohort-leaderboard). The heading and the
// way back stay put in every state.
export function CohortPage({ you, readLocalLogs }: CohortPageProps) {
  const board = useLeaderboard({ you, readLocalLogs });
  const summary = useCohortSummary();
  const endorse = useEndorseMember();
  const { t } = useLingui();

  let body: ReactNode;
  if (board.status === 'pending') body = <LeaderboardSkeleton />;
  else if (board.status === 'not-in-cohort') body = <EmptyState>{board.message}</EmptyState>;
  else if (board.status === 'error') {
    body = (
      <ErrorState
        title={t`We couldn't load your cohort`}
        message={t`Try again in a moment. If it keeps happening, contact your programme administrator.`}
        onRetry={board.retry}
      />
    );
  } else if (board.rows.length === 0)
    body = (
      <EmptyState>
        <Trans>Nobody is in your cohort yet.</Trans>
      </EmptyState>
    );
  else if (board.status === 'sample') {
    body = (
      <>
        <SampleDataAlert retrying={board.retrying} onRetry={board.retry} />
        {/* Every Endorse button is disabled in sample mode, so there is nothing to handle. */}
        <Leaderboard rows={board.rows} sample onEndorse={() => {}} />
      </>
    );
  } else {
    const { endorserId } = board;
    body = <Leaderboard rows={board.rows} onEndorse={(endorsedUserId) => endorse({ endorsedUserId, endorserId })} />;
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>
            <Trans>Cohort</Trans>
          </Title>
          {board.status === 'live' && board.rows.length > 0 && (
            <CohortContext cohortName={summary.data?.name} members={board.rows.map((row) => row.member)} />
          )}
        </Stack>
        <Button component={Link} to="/programme/dashboard" variant="default">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
