import type { TFigure, TInsights } from '@habitrack/contracts/insights/get-insights';
import type { DbOrTx } from '../../db/client.ts';
import { listKpisOfDepartments } from '../../db/queries/insights/insights.ts';
import { readMeasurementsOfKpis } from '../../db/queries/organizational/kpi-measurements.ts';
import { listGoals } from '../../db/queries/organizational/organizational.ts';
import { SUPPRESSED } from './figures.ts';

export type DepartmentFigures = {
  id: string;
  goalIds: string[];
  size: number;
  weekly: { week: string; rate: TFigure }[];
  figures: { name: string; members: TFigure; participation: TFigure; check_in_rate: TFigure };
};

// Goal line of sight: each organisational goal, the departments (of the caller's scope) that took
// it on, their KPIs for it with baseline, target and measurements, beside the weekly check-in rate
// of the department's members (suppressed like every other figure of a small department).
export async function goalLineOfSight(
  db: DbOrTx,
  options: { programmeId: string; departments: DepartmentFigures[] },
): Promise<TInsights['goals']> {
  const goals = await listGoals(db, options.programmeId);
  const kpis = await listKpisOfDepartments(
    db,
    options.departments.map((d) => d.id),
  );
  const measurements = await readMeasurementsOfKpis(
    db,
    kpis.map((k) => k.id),
  );
  return goals.map((goal) => ({
    id: goal.id,
    title: goal.title,
    departments: options.departments
      .filter((d) => d.goalIds.includes(goal.id))
      .map((d) => ({
        id: d.id,
        name: d.figures.name,
        check_in_rate: d.figures.members.suppressed
          ? d.weekly.map(({ week }) => ({ week, rate: SUPPRESSED }))
          : d.weekly,
        kpis: kpis
          .filter((k) => k.departmentId === d.id && k.goalId === goal.id)
          .map((k) => ({
            id: k.id,
            title: k.title,
            unit: k.unit,
            baseline: k.baseline,
            target: k.target,
            measurements: measurements
              .filter((m) => m.kpiId === k.id)
              .map((m) => ({ measured_on: m.measured_on, value: m.value })),
          })),
      })),
  }));
}
