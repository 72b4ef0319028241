// The period switch's sheet loads with the insights chunk (src/app/styles.ts holds the shared ones).
import '@mantine/core/styles/SegmentedControl.css';
import { INSIGHT_PERIODS, type TInsightPeriod, type TInsights } from '@habitrack/contracts/insights/get-insights';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Container, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { useInsights } from '../api/get-insights.ts';
import { figureText } from '../utils/figures.ts';
import { AtAGlance } from './at-a-glance.tsx';
import { InsightsCharts } from './insights-charts.tsx';

const PERIOD_LABELS: Record<TInsightPeriod, MessageDescriptor> = {
  '4w': msg`Last 4 weeks`,
  '12w': msg`Last 12 weeks`,
  programme: msg`Whole programme`,
};

// Which figures these are: "Last 4 weeks: 4 weeks, Leadership Excellence. Members: 42.".
function PeriodSummary({ data }: { data: TInsights }) {
  const { t, i18n } = useLingui();
  const period = i18n._(PERIOD_LABELS[data.period]);
  const weeks = data.weeks.length;
  const programme = data.programme.name;
  const members = figureText(data.members);
  return t`${period}: ${plural(weeks, { one: '# week', other: '# weeks' })}, ${programme}. Members: ${members}.`;
}

// The period the page opens on.
const FIRST_PERIOD: TInsightPeriod = '4w';

// /leader/insights and /team-leader/insights (issue 20): the programme's figures, suppressed by
// the server below 5 members, for a chosen period.
export function InsightsPage({ audience }: { audience: 'leader' | 'team_leader' }) {
  const [period, setPeriod] = useState<TInsightPeriod>(FIRST_PERIOD);
  const { t, i18n } = useLingui();
  const insights = useInsights(period);
  // The figures are rendered at a lower priority than input: React builds the long page of sections
  // in slices, so the page keeps answering while they appear (one block of about 60 ms otherwise).
  const data = useDeferredValue(insights.data);
  // On a phone the three periods do not fit side by side: they stack.
  const narrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  return (
    // Another period than the first is not kept for the next visit's first paint, which opens on the
    // first (lib/kept-screens.ts): the look kept for the first stays.
    <Container size="lg" px="xs" py="md" data-not-kept={period === FIRST_PERIOD ? undefined : ''}>
      <Stack gap="md">
        <Title order={1}>{audience === 'leader' ? t`Programme insights` : t`Insights for your departments`}</Title>
        <Text size="sm">
          <Trans>
            Figures cover complete weeks. Any figure about fewer than 5 members is hidden, so nobody can be identified.
          </Trans>
        </Text>
        <SegmentedControl
          aria-label={t`Period`}
          value={period}
          onChange={(value) => setPeriod(value as TInsightPeriod)}
          data={INSIGHT_PERIODS.map((value) => ({ value, label: i18n._(PERIOD_LABELS[value]) }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth
        />
        {!data && !insights.isError && <Loader aria-label={t`Loading insights`} />}
        {insights.isError && (
          <Alert color="red" role="alert" title={t`Insights could not be loaded`}>
            <Stack gap="xs">
              <Text size="sm">
                {insights.error instanceof HttpError && insights.error.status === 403
                  ? t`Only leaders and team leaders can see programme insights.`
                  : t`Please try again.`}
              </Text>
              <Button size="xs" variant="light" onClick={() => void insights.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Stack>
          </Alert>
        )}
        {data && (
          <>
            <Text aria-live="polite">
              <PeriodSummary data={data} />
            </Text>
            <AtAGlance data={data} />
            <InsightsCharts data={data} fileStem={audience === 'leader' ? 'insights' : 'department-insights'} />
          </>
        )}
      </Stack>
    </Container>
  );
}
