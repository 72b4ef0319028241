import type { ReactNode } from 'react';
import type { TInsights } from '@habitrack/contracts/insights/get-insights';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { figureValue, numberText, percentText } from '../utils/figures.ts';
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
  const { t } = useLingui();
  const checkIns = department.check_in_rate.map((w) => ({ label: w.week, 'Check-in rate': figureValue(w.rate) }));
  const departmentName = department.name;
  const goalTitle = goal.title;
  return (
    <ChartSection
      title={t`${departmentName}: ${goalTitle}`}
      description={t`The department's KPIs (measurements, baseline and target) beside its members' weekly check-in rate.`}
      fileName={fileName}
      headingOrder={4}
      table={sections.goalLine(department)}
      chart={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Panel caption={t`Check-in rate of the department's members`}>
            <Chart
              kind="line"
              h={HEIGHT}
              data={checkIns}
              dataKey="label"
              series={[{ name: 'Check-in rate', label: t`Check-in rate`, color: 'indigo.7' }]}
              valueFormatter={percentText}
              yAxisProps={{ domain: [0, 100] }}
              connectNulls={false}
              withDots
            />
          </Panel>
          {department.kpis.length === 0 && (
            <Text size="sm">
              <Trans>No KPI for this goal yet.</Trans>
            </Text>
          )}
          {department.kpis.map((kpi) => {
            const line = kpiLine(kpi);
            const { title, unit } = kpi;
            return (
              <Panel key={kpi.id} caption={unit ? t`KPI: ${title} (${unit})` : t`KPI: ${title}`} summary={line.summary}>
                {line.points.length === 0 && line.references.length === 0 ? (
                  <Text size="sm">
                    <Trans>No measurement, baseline or target yet.</Trans>
                  </Text>
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
                    valueFormatter={numberText}
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
  const { t } = useLingui();
  const goalHeading = (title: string) => t`Goal: ${title}`;
  return (
    <>
      {goals.length === 0 && (
        <Text>
          <Trans>No organisational goals yet.</Trans>
        </Text>
      )}
      {goals.map((goal) => (
        <Stack key={goal.id} gap="sm">
          <Title order={3} size="h4">
            {goalHeading(goal.title)}
          </Title>
          {goal.departments.length === 0 && (
            <Text size="sm">
              <Trans>No department has taken on this goal yet.</Trans>
            </Text>
          )}
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
