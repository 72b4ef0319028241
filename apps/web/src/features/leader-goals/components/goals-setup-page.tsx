import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Title } from '@mantine/core';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useGoalsSetupData } from '../hooks/use-goals-setup-data.ts';
import { GoalsForm } from './goals-form.tsx';

export const GOALS_TITLE_ID = 'goals-setup-title';

function GoalsSetupContent() {
  const data = useGoalsSetupData();
  const { t } = useLingui();
  switch (data.status) {
    case 'pending':
      return <LoadingState label={t`Loading organizational goals...`} />;
    case 'error':
      return (
        <ErrorState
          title={t`We couldn't load the organizational goals`}
          message={t`Check your connection and try again. If it keeps happening, contact your programme administrator.`}
          onRetry={data.retry}
        />
      );
    case 'no-programme':
      return (
        <Alert color="blue" variant="light">
          <Trans>
            You are not part of a programme yet, so there are no goals to set. Contact your programme administrator.
          </Trans>
        </Alert>
      );
    case 'success':
      return <GoalsForm programme={data.programme} goals={data.goals} labelledBy={GOALS_TITLE_ID} />;
  }
}

// The Leader goals setup screen (docs/domain/screens.md#leader-goals-setup). The heading stays
// while the data loads, so the page is named from the first frame. The form mounts only once the
// stored goals are in, so it is seeded from them exactly once and later refetches never overwrite
// what the leader is typing.
export function GoalsSetupPage() {
  return (
    <Stack gap="lg">
      <Title order={1} id={GOALS_TITLE_ID}>
        <Trans>Organisational goals</Trans>
      </Title>
      <GoalsSetupContent />
    </Stack>
  );
}
