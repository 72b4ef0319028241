import { Trans, useLingui } from '@lingui/react/macro';
import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { toDayKey } from '../../../lib/dates.ts';
import { RecordKpiValue } from './record-kpi-value.tsx';
import { SetKpiScale } from './set-kpi-scale.tsx';

type KpiValuesSectionProps = {
  departments: TDepartment[];
  goals: TOrganizationalGoal[];
  kpis: TDepartmentKpi[];
};

// Measuring the stored KPIs (issue 20): outside the departments-and-KPIs form, because that form is
// read-only once the programme has started while measuring after the start is the point.
export function KpiValuesSection({ departments, goals, kpis }: KpiValuesSectionProps) {
  const headingId = useId();
  const today = toDayKey();
  const { t } = useLingui();
  const goalLabel = (goalId: string) => {
    const title = goals.find((goal) => goal.id === goalId)?.title ?? t`Removed goal`;
    return t`Goal: ${title}`;
  };
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          <Trans>KPI values</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Record what each saved KPI measures, and set its baseline and target. You can do this at any time, also
            after the programme has started. The values appear on the goal line of the insights.
          </Trans>
        </Text>
        {kpis.length === 0 && (
          <Text size="sm">
            <Trans>Save a KPI first; then you can record its values here.</Trans>
          </Text>
        )}
        {departments.map((department) => {
          const own = kpis.filter((kpi) => kpi.department_id === department.id);
          if (own.length === 0) return null;
          return (
            <Stack key={department.id} gap="xs">
              <Title order={3} size="h5">
                {department.name}
              </Title>
              {own.map((kpi) => (
                <Group key={kpi.id} justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0}>
                    <Text fw={500}>{kpi.title}</Text>
                    <Text size="xs" c="dimmed">
                      {goalLabel(kpi.organizational_goal_id)}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <RecordKpiValue kpiId={kpi.id} kpiTitle={kpi.title} today={today} />
                    <SetKpiScale kpiId={kpi.id} kpiTitle={kpi.title} />
                  </Group>
                </Group>
              ))}
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}
