import type { TInsights } from '@habitrack/contracts/insights/get-insights';
import { Stack, Title } from '@mantine/core';
import * as sections from '../utils/sections.ts';
import { Chart } from './chart.tsx';
import { ChartSection } from './chart-section.tsx';
import { GoalLineOfSight } from './goal-line-section.tsx';

const PALETTE = ['indigo.7', 'teal.8', 'orange.8', 'grape.7', 'cyan.8'];
const height = 220;

// Every chart of the insights, each with its table and CSV (charts: @mantine/charts).
export function InsightsCharts({ data, fileStem }: { data: TInsights; fileStem: string }) {
  const file = (name: string) => `${fileStem}-${name}-${data.period}.csv`;
  const participation = sections.participation(data);
  const checkIns = sections.checkInRate(data);
  const behaviours = sections.byBehaviour(data);
  const streaks = sections.streaks(data);
  const chosen = sections.habitsChosen(data);
  const impacts = sections.impacts(data);
  const endorsements = sections.endorsements(data);
  const mood = sections.mood(data);
  const line = (points: object[], key: string, unit = '') => (
    <Chart
      kind="line"
      h={height}
      data={points as Record<string, unknown>[]}
      dataKey="label"
      series={[{ name: key, color: PALETTE[0]! }]}
      unit={unit}
      connectNulls={false}
      withDots
    />
  );
  const bars = (points: object[], keys: string[]) => (
    <Chart
      kind="bar"
      h={height}
      data={points as Record<string, unknown>[]}
      dataKey="label"
      series={keys.map((name, i) => ({ name, color: PALETTE[i % PALETTE.length]! }))}
      type={keys.length > 1 ? 'stacked' : 'default'}
    />
  );
  return (
    <Stack gap="md">
      <ChartSection
        title="Participation"
        description="Members with an active habit, of all members, per week."
        fileName={file('participation')}
        table={participation.table}
        chart={line(participation.points, 'Participation', ' %')}
      />
      <ChartSection
        title="Check-in rate"
        description="Completed habit-days of active, unpaused habit-days, per week."
        fileName={file('check-in-rate')}
        table={checkIns.table}
        chart={line(checkIns.points, 'Check-in rate', ' %')}
      />
      <ChartSection
        title="Check-in rate by behaviour"
        description="Over the whole period."
        fileName={file('check-in-by-behaviour')}
        table={behaviours.table}
        chart={bars(behaviours.points, ['Check-in rate'])}
      />
      <ChartSection
        title="Streaks now"
        description="How many members are at each current streak length today."
        fileName={file('streaks')}
        table={streaks.table}
        chart={bars(streaks.points, ['Members'])}
      />
      <ChartSection
        title="Habits chosen"
        description="The most chosen habits in the period, and per behaviour."
        fileName={file('habits-chosen')}
        table={chosen.table}
        chart={bars(chosen.points, ['Members'])}
      />
      <ChartSection
        title="Positive impacts reported"
        description="Positive changes members reported with a check-in, by category, per week."
        fileName={file('positive-impacts')}
        table={impacts.table}
        chart={bars(impacts.points, impacts.categories)}
      />
      <ChartSection
        title="Endorsements given"
        description="Endorsements members gave each other, per week."
        fileName={file('endorsements')}
        table={endorsements.table}
        chart={bars(endorsements.points, ['Endorsements'])}
      />
      <ChartSection
        title="Mood"
        description="The group's weekly average mood (1 Awful to 5 Great), only over at least 5 members."
        fileName={file('mood')}
        table={mood.table}
        chart={line(mood.points, 'Average mood')}
      />
      {data.cohorts.length > 0 && (
        <ChartSection
          title="Cohorts"
          description="Each cohort of the programme."
          fileName={file('cohorts')}
          table={sections.groups(data.cohorts, 'Cohort')}
        />
      )}
      <ChartSection
        title="Departments"
        description="Each department and its members' figures."
        fileName={file('departments')}
        table={sections.groups(data.departments, 'Department')}
      />
      <Title order={2} size="h3">
        Goal line of sight
      </Title>
      <GoalLineOfSight goals={data.goals} file={file} />
    </Stack>
  );
}
