// The period switch's sheet loads with the insights chunk (src/app/styles.ts holds the shared ones).
import '@mantine/core/styles/SegmentedControl.css';
import { INSIGHT_PERIODS, type TInsightPeriod } from '@habitrack/contracts/insights/get-insights';
import { Alert, Button, Container, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { useInsights } from '../api/get-insights.ts';
import { figureText } from '../utils/figures.ts';
import { AtAGlance } from './at-a-glance.tsx';
import { InsightsCharts } from './insights-charts.tsx';

const PERIOD_LABELS: Record<TInsightPeriod, string> = {
  '4w': 'Last 4 weeks',
  '12w': 'Last 12 weeks',
  programme: 'Whole programme',
};

// /leader/insights and /team-leader/insights (issue 20): the programme's figures, suppressed by
// the server below 5 members, for a chosen period.
export function InsightsPage({ audience }: { audience: 'leader' | 'team_leader' }) {
  const [period, setPeriod] = useState<TInsightPeriod>('4w');
  const insights = useInsights(period);
  // The figures are rendered at a lower priority than input: React builds the long page of sections
  // in slices, so the page keeps answering while they appear (one block of about 60 ms otherwise).
  const data = useDeferredValue(insights.data);
  // On a phone the three periods do not fit side by side: they stack.
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  return (
    <Container size="lg" px="xs" py="md">
      <Stack gap="md">
        <Title order={1}>{audience === 'leader' ? 'Programme insights' : 'Insights for your departments'}</Title>
        <Text size="sm">
          Figures cover complete weeks. Any figure about fewer than 5 members is hidden, so nobody can be identified.
        </Text>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(value) => setPeriod(value as TInsightPeriod)}
          data={INSIGHT_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth
        />
        {!data && !insights.isError && <Loader aria-label="Loading insights" />}
        {insights.isError && (
          <Alert color="red" role="alert" title="Insights could not be loaded">
            <Stack gap="xs">
              <Text size="sm">
                {insights.error instanceof HttpError && insights.error.status === 403
                  ? 'Only leaders and team leaders can see programme insights.'
                  : 'Please try again.'}
              </Text>
              <Button size="xs" variant="light" onClick={() => void insights.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {data && (
          <>
            <Text aria-live="polite">
              {`${PERIOD_LABELS[data.period]}: ${data.weeks.length} weeks, ${data.programme.name}. Members: ${figureText(data.members)}.`}
            </Text>
            <AtAGlance data={data} />
            <InsightsCharts data={data} fileStem={audience === 'leader' ? 'insights' : 'department-insights'} />
          </>
        )}
      </Stack>
    </Container>
  );
}
