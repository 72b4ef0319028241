import { and, asc, eq } from 'drizzle-orm';
import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { DbOrTx } from '../../client.ts';
import { departmentKpis, departments, organizationalGoals, programmes } from '../../schema/index.ts';

export type KpiFields = { organizationalGoalId: string; title: string; description: string | null };

const kpiColumns = {
  id: departmentKpis.id,
  organizational_goal_id: departmentKpis.organizationalGoalId,
  department_id: departmentKpis.departmentId,
  title: departmentKpis.title,
  description: departmentKpis.description,
};

// A department's KPIs in the order of their goals, then of creation.
export async function listKpis(db: DbOrTx, departmentId: string): Promise<TDepartmentKpi[]> {
  return db
    .select(kpiColumns)
    .from(departmentKpis)
    .innerJoin(organizationalGoals, eq(organizationalGoals.id, departmentKpis.organizationalGoalId))
    .where(eq(departmentKpis.departmentId, departmentId))
    .orderBy(
      asc(organizationalGoals.sequenceOrder),
      asc(organizationalGoals.createdAt),
      asc(departmentKpis.createdAt),
      asc(departmentKpis.id),
    );
}

// The KPI's department id if the KPI belongs to a programme of the organisation.
export async function findKpiDepartmentId(
  db: DbOrTx,
  options: { kpiId: string; organisationId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ departmentId: departmentKpis.departmentId })
    .from(departmentKpis)
    .innerJoin(departments, eq(departments.id, departmentKpis.departmentId))
    .innerJoin(programmes, eq(programmes.id, departments.programmeId))
    .where(and(eq(departmentKpis.id, options.kpiId), eq(programmes.organisationId, options.organisationId)))
    .limit(1);
  return row?.departmentId ?? null;
}

// One KPI as the API shows it (the audit log's before values).
export async function findKpi(db: DbOrTx, kpiId: string): Promise<TDepartmentKpi | null> {
  const [row] = await db.select(kpiColumns).from(departmentKpis).where(eq(departmentKpis.id, kpiId));
  return row ?? null;
}

export async function insertKpi(
  db: DbOrTx,
  options: { departmentId: string; fields: KpiFields },
): Promise<TDepartmentKpi> {
  const [row] = await db
    .insert(departmentKpis)
    .values({ departmentId: options.departmentId, ...options.fields })
    .returning(kpiColumns);
  return row!;
}

export async function updateKpi(
  db: DbOrTx,
  options: { kpiId: string; fields: KpiFields; now: Date },
): Promise<TDepartmentKpi | null> {
  const [row] = await db
    .update(departmentKpis)
    .set({ ...options.fields, updatedAt: options.now })
    .where(eq(departmentKpis.id, options.kpiId))
    .returning(kpiColumns);
  return row ?? null;
}
