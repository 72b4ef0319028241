import type { TDepartmentKpiInput } from '@habitrack/contracts/organizational/create-department-kpi';
import type { TDepartmentKpi } from '@habitrack/contracts/organizational/list-department-kpis';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { goalIdsInProgramme } from '../../db/queries/organizational/organizational.ts';
import { attachGoal, type DepartmentRef } from '../../db/queries/organizational/departments.ts';
import {
  findKpi,
  findKpiDepartmentId,
  insertKpi,
  listKpis,
  updateKpi,
  type KpiFields,
} from '../../db/queries/organizational/kpis.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import { readableDepartment, writableDepartment } from './access.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

const KPI_NOT_FOUND = 'This KPI was not found in your organisation.';

export async function listDepartmentKpis(
  database: AppDatabase,
  options: { user: SignedInUser; departmentId: string },
): Promise<TDepartmentKpi[]> {
  const db = database.db;
  const department = await readableDepartment(db, options.user, options.departmentId);
  return listKpis(db, department.id);
}

export async function createDepartmentKpi(
  database: AppDatabase,
  options: { user: SignedInUser; input: TDepartmentKpiInput; now: Date },
): Promise<TDepartmentKpi> {
  const db = database.db;
  const { user, input, now } = options;
  return db.transaction(async (tx) => {
    const department = await writableDepartment(tx, { user, departmentId: input.department_id, now });
    const kpi = await insertKpi(tx, { departmentId: department.id, fields: await kpiFields(tx, department, input) });
    await auditWrite(tx, user, {
      action: 'department_kpi.create',
      entity: 'department_kpi',
      entityId: kpi.id,
      after: kpi,
    });
    return kpi;
  });
}

// A KPI stays in its department (department_id must not change); its goal may change.
export async function updateDepartmentKpi(
  database: AppDatabase,
  options: { user: SignedInUser; kpiId: string; input: TDepartmentKpiInput; now: Date },
): Promise<TDepartmentKpi> {
  const db = database.db;
  const { user, kpiId, input, now } = options;
  return db.transaction(async (tx) => {
    const departmentId = await findKpiDepartmentId(tx, { kpiId, organisationId: user.organisationId });
    if (!departmentId) throw notFound(KPI_NOT_FOUND);
    const department = await writableDepartment(tx, { user, departmentId, now });
    if (input.department_id !== department.id) {
      throw badRequest('A KPI cannot move to another department: create it in that department instead.');
    }
    const before = await findKpi(tx, kpiId);
    const kpi = await updateKpi(tx, { kpiId, fields: await kpiFields(tx, department, input), now });
    if (!before || !kpi) throw notFound(KPI_NOT_FOUND);
    await auditWrite(tx, user, {
      action: 'department_kpi.update',
      entity: 'department_kpi',
      entityId: kpiId,
      before,
      after: kpi,
    });
    return kpi;
  });
}

// The goal must be one of the department's programme; a goal the department has not taken on yet
// is attached to it, since adding a KPI for a goal is how a team leader takes that goal on.
async function kpiFields(db: DbOrTx, department: DepartmentRef, input: TDepartmentKpiInput): Promise<KpiFields> {
  const goalId = input.organizational_goal_id;
  const known = await goalIdsInProgramme(db, { programmeId: department.programmeId, goalIds: [goalId] });
  if (!known.has(goalId)) throw notFound(`Organisational goal ${goalId} is not a goal of this programme.`);
  await attachGoal(db, { departmentId: department.id, goalId });
  return { organizationalGoalId: goalId, title: input.title, description: input.description };
}
