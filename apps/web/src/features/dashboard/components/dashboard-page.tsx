import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useDashboard } from '../../../lib/queries/dashboard.ts';
import { DashboardContent } from './dashboard-content.tsx';
import { DashboardSkeleton } from './dashboard-skeleton.tsx';

type DashboardPageProps = {
  // The route holds the content back until the flow status says this member may see it.
  waitForFlow?: boolean;
  // Messages from other features (composed by the route), shown under the title in every state.
  notice?: ReactNode;
};

// The Dashboard screen (docs/domain/screens.md#dashboard). The heading stays put in every state, so
// the page is recognisable (and announced) while it loads or fails.
export function DashboardPage({ waitForFlow = false, notice }: DashboardPageProps) {
  const dashboard = useDashboard();
  const { t } = useLingui();
  let body: ReactNode;
  // After a failed reload the last good numbers stay on screen rather than an error.
  if (!waitForFlow && dashboard.data) body = <DashboardContent data={dashboard.data} />;
  else if (!waitForFlow && dashboard.isError) {
    body = (
      <ErrorState
        title={t`We couldn't load your dashboard`}
        message={t`Check your connection and try again. If it keeps happening, contact your programme administrator.`}
        onRetry={() => void dashboard.refetch()}
      />
    );
  } else body = <DashboardSkeleton />;

  return (
    <Stack gap="lg">
      <Title order={1}>
        <Trans>Dashboard</Trans>
      </Title>
      {notice}
      {body}
    </Stack>
  );
}
