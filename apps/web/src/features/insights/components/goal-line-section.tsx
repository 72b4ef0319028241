import type { ReactNode } from 'react';
import type { TInsights } from '@habitrack/contracts/insights/get-insights';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { figureValue } from '../utils/figures.ts';
import { kpiLine } from '../utils/goal-line.ts';
import * as sections from '../utils/sections.ts';
import { Chart } from './chart.tsx';
import { ChartSection } from './chart-section.tsx';

type TGoal = TInsights['goals'][number];
type TDepartment = TGoal['departments'][number];

const HEIGHT = 200;

// A small chart with its own caption, one of the goal line's panels.
function Panel({ caption, summary, children }: { caption: string; summary?: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {caption}
      </Text>
      {children}
      {summary && (
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
      )}
    </Stack>
  );
}

// Goal line of sight for one department: each KPI's measurements as a line, with its baseline and
// target as reference lines, beside the department members' weekly check-in rate.
function DepartmentGoalLine({
  goal,
  department,
  fileName,
}: {
  goal: TGoal;
  department: TDepartment;
  fileName: string;
}) {
  const checkIns = department.check_in_rate.map((w) => ({ label: w.week, 'Check-in rate': figureValue(w.rate) }));
  return (
    <ChartSection
      title={`${department.name}: ${goal.title}`}
      description="The department's KPIs (measurements, baseline and target) beside its members' weekly check-in rate."
      fileName={fileName}
      headingOrder={4}
      table={sections.goalLine(department)}
      chart={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Panel caption="Check-in rate of the department's members">
            <Chart
              kind="line"
              h={HEIGHT}
              data={checkIns}
              dataKey="label"
              series={[{ name: 'Check-in rate', color: 'indigo.7' }]}
              unit=" %"
              yAxisProps={{ domain: [0, 100] }}
              connectNulls={false}
              withDots
            />
          </Panel>
          {department.kpis.length === 0 && <Text size="sm">No KPI for this goal yet.</Text>}
          {department.kpis.map((kpi) => {
            const line = kpiLine(kpi);
            return (
              <Panel
                key={kpi.id}
                caption={`KPI: ${kpi.title}${kpi.unit ? ` (${kpi.unit})` : ''}`}
                summary={line.summary}
              >
                {line.points.length === 0 && line.references.length === 0 ? (
                  <Text size="sm">No measurement, baseline or target yet.</Text>
                ) : (
                  <Chart
                    kind="line"
                    h={HEIGHT}
                    data={line.points}
                    dataKey="label"
                    series={[{ name: kpi.title, color: 'teal.8' }]}
                    referenceLines={line.references.map((reference, i) => ({
                      ...reference,
                      color: i === 0 && kpi.baseline !== null ? 'gray.7' : 'orange.8',
                      strokeDasharray: '4 4',
                      labelPosition: 'insideTopLeft' as const,
                    }))}
                    yAxisProps={{ domain: line.domain }}
                    withDots
                  />
                )}
              </Panel>
            );
          })}
        </SimpleGrid>
      }
    />
  );
}

export function GoalLineOfSight({ goals, file }: { goals: TGoal[]; file: (name: string) => string }) {
  return (
    <>
      {goals.length === 0 && <Text>No organisational goals yet.</Text>}
      {goals.map((goal) => (
        <Stack key={goal.id} gap="sm">
          <Title order={3} size="h4">
            {`Goal: ${goal.title}`}
          </Title>
          {goal.departments.length === 0 && <Text size="sm">No department has taken on this goal yet.</Text>}
          {goal.departments.map((department) => (
            <DepartmentGoalLine
              key={department.id}
              goal={goal}
              department={department}
              fileName={file(`goal-${department.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`)}
            />
          ))}
        </Stack>
      ))}
    </>
  );
}
