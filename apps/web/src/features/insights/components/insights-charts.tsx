import type { TInsights } from '@habitrack/contracts/insights/get-insights';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { numberText, percentText } from '../utils/figures.ts';
import * as sections from '../utils/sections.ts';
import { Chart } from './chart.tsx';
import { ChartSection } from './chart-section.tsx';
import { GoalLineOfSight } from './goal-line-section.tsx';

const PALETTE = ['indigo.7', 'teal.8', 'orange.8', 'grape.7', 'cyan.8'];
const height = 220;

// Every chart of the insights, each with its table and CSV (charts: @mantine/charts).
// A chart's series: its key in the data, and its name in the language shown (legend and tooltip).
type TSeries = { key: string; label: string };

export function InsightsCharts({ data, fileStem }: { data: TInsights; fileStem: string }) {
  const { t } = useLingui();
  const file = (name: string) => `${fileStem}-${name}-${data.period}.csv`;
  const participation = sections.participation(data);
  const checkIns = sections.checkInRate(data);
  const behaviours = sections.byBehaviour(data);
  const streaks = sections.streaks(data);
  const chosen = sections.habitsChosen(data);
  const impacts = sections.impacts(data);
  const endorsements = sections.endorsements(data);
  const mood = sections.mood(data);
  const line = (points: object[], series: TSeries, percent = false) => (
    <Chart
      kind="line"
      h={height}
      data={points as Record<string, unknown>[]}
      dataKey="label"
      series={[{ name: series.key, label: series.label, color: PALETTE[0]! }]}
      valueFormatter={percent ? percentText : numberText}
      connectNulls={false}
      withDots
    />
  );
  const bars = (points: object[], series: TSeries[]) => (
    <Chart
      kind="bar"
      h={height}
      data={points as Record<string, unknown>[]}
      dataKey="label"
      series={series.map(({ key, label }, i) => ({ name: key, label, color: PALETTE[i % PALETTE.length]! }))}
      type={series.length > 1 ? 'stacked' : 'default'}
      valueFormatter={numberText}
    />
  );
  const checkInRate = { key: 'Check-in rate', label: t`Check-in rate` };
  const members = { key: 'Members', label: t`Members` };
  return (
    <Stack gap="md">
      <ChartSection
        title={t`Participation`}
        description={t`Members with an active habit, of all members, per week.`}
        fileName={file('participation')}
        table={participation.table}
        chart={line(participation.points, { key: 'Participation', label: t`Participation` }, true)}
      />
      <ChartSection
        title={t`Check-in rate`}
        description={t`Completed habit-days of active, unpaused habit-days, per week.`}
        fileName={file('check-in-rate')}
        table={checkIns.table}
        chart={line(checkIns.points, checkInRate, true)}
      />
      <ChartSection
        title={t`Check-in rate by behaviour`}
        description={t`Over the whole period.`}
        fileName={file('check-in-by-behaviour')}
        table={behaviours.table}
        chart={bars(behaviours.points, [checkInRate])}
      />
      <ChartSection
        title={t`Streaks now`}
        description={t`How many members are at each current streak length today.`}
        fileName={file('streaks')}
        table={streaks.table}
        chart={bars(streaks.points, [members])}
      />
      <ChartSection
        title={t`Habits chosen`}
        description={t`The most chosen habits in the period, and per behaviour.`}
        fileName={file('habits-chosen')}
        table={chosen.table}
        chart={bars(chosen.points, [members])}
      />
      <ChartSection
        title={t`Positive impacts reported`}
        description={t`Positive changes members reported with a check-in, by category, per week.`}
        fileName={file('positive-impacts')}
        table={impacts.table}
        chart={bars(
          impacts.points,
          impacts.categories.map((category) => ({ key: category, label: category })),
        )}
      />
      <ChartSection
        title={t`Endorsements given`}
        description={t`Endorsements members gave each other, per week.`}
        fileName={file('endorsements')}
        table={endorsements.table}
        chart={bars(endorsements.points, [{ key: 'Endorsements', label: t`Endorsements` }])}
      />
      <ChartSection
        title={t`Mood`}
        description={t`The group's weekly average mood (1 Awful to 5 Great), only over at least 5 members.`}
        fileName={file('mood')}
        table={mood.table}
        chart={line(mood.points, { key: 'Average mood', label: t`Average mood` })}
      />
      {data.cohorts.length > 0 && (
        <ChartSection
          title={t`Cohorts`}
          description={t`Each cohort of the programme.`}
          fileName={file('cohorts')}
          table={sections.groups(data.cohorts, 'cohort')}
        />
      )}
      <ChartSection
        title={t`Departments`}
        description={t`Each department and its members' figures.`}
        fileName={file('departments')}
        table={sections.groups(data.departments, 'department')}
      />
      <Title order={2} size="h3">
        <Trans>Goal line of sight</Trans>
      </Title>
      <GoalLineOfSight goals={data.goals} file={file} />
    </Stack>
  );
}
