import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Title } from '@mantine/core';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { WaitingForGoals } from '../../../components/ui/waiting-for-goals.tsx';
import { useKpiSetupData, type TKpiSetupData } from '../hooks/use-kpi-setup-data.ts';
import { KpiSetupForm } from './kpi-setup-form.tsx';
import { KpiValuesSection } from './kpi-values-section.tsx';

export const KPI_TITLE_ID = 'kpi-setup-title';

function notice(text: string) {
  return (
    <Alert color="blue" variant="light">
      {text}
    </Alert>
  );
}

function KpiSetupContent({ data }: { data: Exclude<TKpiSetupData, { status: 'waiting-for-goals' }> }) {
  const { t } = useLingui();
  switch (data.status) {
    case 'pending':
      return <LoadingState label={t`Loading departments and KPIs...`} />;
    case 'error':
      return (
        <ErrorState
          title={t`We couldn't load your departments and KPIs`}
          message={t`Check your connection and try again. If it keeps happening, contact your programme administrator.`}
          onRetry={data.retry}
        />
      );
    case 'not-team-leader':
      return notice(t`Only team leaders define departments and KPIs.`);
    case 'no-programme':
      return notice(t`You are not part of a programme yet, so there are no KPIs to define.`);
    case 'success':
      if (data.teams.length === 0) return notice(t`You don't lead a team yet. Contact your programme administrator.`);
      return (
        <>
          <KpiSetupForm
            programme={data.programme}
            goals={data.goals}
            teams={data.teams}
            departments={data.departments}
            kpis={data.kpis}
            labelledBy={KPI_TITLE_ID}
          />
          <KpiValuesSection departments={data.departments} goals={data.goals} kpis={data.kpis} />
        </>
      );
  }
}

// The Team leader KPI setup screen (docs/domain/screens.md#team-leader-kpi-setup). The heading
// stays while the data loads, so the page is named from the first frame; without goals the shared
// waiting message (its own heading) replaces it.
// The form mounts once everything is in, so it is seeded exactly once and later refetches never
// overwrite what is being typed.
export function KpiSetupPage() {
  const data = useKpiSetupData();
  if (data.status === 'waiting-for-goals') return <WaitingForGoals />;
  return (
    <Stack gap="lg">
      <Title order={1} id={KPI_TITLE_ID}>
        <Trans>Departments and KPIs</Trans>
      </Title>
      <KpiSetupContent data={data} />
    </Stack>
  );
}
