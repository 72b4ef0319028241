import type {
  TKpiMeasurement,
  TKpiMeasurementInput,
  TKpiMeasurements,
  TKpiTargetInput,
} from '@habitrack/contracts/organizational/kpi-measurements';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import {
  deleteMeasurement,
  findMeasurement,
  insertMeasurement,
  readKpiMeasurements,
  readKpiScale,
  setKpiTarget,
  updateMeasurement,
  type MeasurementFields,
} from '../../db/queries/organizational/kpi-measurements.ts';
import { findKpiDepartmentId } from '../../db/queries/organizational/kpis.ts';
import { KPI_MEASUREMENT_DATE_CONSTRAINT, violatesConstraint } from '../../lib/constraint-violation.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import { measurableDepartment, readableDepartment } from './access.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// KPI measurements (docs/domain/leaders-goals-kpis.md#kpi-measurements): read by the organisation's
// leaders and the department's team leader, written only by that team leader, at any time (no
// start-date lock).
const KPI_NOT_FOUND = 'This KPI was not found in your organisation.';
const MEASUREMENT_NOT_FOUND = 'This measurement was not found for this KPI.';

async function kpiDepartment(db: DbOrTx, user: SignedInUser, kpiId: string): Promise<string> {
  const departmentId = await findKpiDepartmentId(db, { kpiId, organisationId: user.organisationId });
  if (!departmentId) throw notFound(KPI_NOT_FOUND);
  return departmentId;
}

async function writableKpi(db: DbOrTx, user: SignedInUser, kpiId: string): Promise<void> {
  await measurableDepartment(db, user, await kpiDepartment(db, user, kpiId));
}

// A measurement's date is a local date of the team leader's that has come: today at the latest.
function fieldsOf(user: SignedInUser, input: TKpiMeasurementInput, now: Date): MeasurementFields {
  const today = localDate(now, user.timeZone);
  if (input.measured_on > today) {
    throw badRequest(`A measurement cannot be dated in the future: measured_on must be ${today} or earlier.`);
  }
  return { value: input.value, measuredOn: input.measured_on, note: input.note };
}

// One measurement per KPI and date, held by the database (migration 0021) so that requests racing
// on several instances store one: the others are refused with a 409 and change nothing.
function oneMeasurementPerDate(input: TKpiMeasurementInput) {
  return (error: unknown): never => {
    if (!violatesConstraint(error, KPI_MEASUREMENT_DATE_CONSTRAINT)) throw error;
    throw conflict(
      `This KPI already has a measurement for ${input.measured_on}: change that measurement rather than add another.`,
    );
  };
}

export async function listKpiMeasurements(
  database: AppDatabase,
  options: { user: SignedInUser; kpiId: string },
): Promise<TKpiMeasurements> {
  const db = database.db;
  await readableDepartment(db, options.user, await kpiDepartment(db, options.user, options.kpiId));
  return readKpiMeasurements(db, options.kpiId);
}

export async function setKpiScale(
  database: AppDatabase,
  options: { user: SignedInUser; kpiId: string; input: TKpiTargetInput; now: Date },
): Promise<TKpiMeasurements> {
  const db = database.db;
  return db.transaction(async (tx) => {
    await writableKpi(tx, options.user, options.kpiId);
    const before = await readKpiScale(tx, options.kpiId);
    await setKpiTarget(tx, options);
    await auditWrite(tx, options.user, {
      action: 'department_kpi.set_target',
      entity: 'department_kpi',
      entityId: options.kpiId,
      before,
      after: await readKpiScale(tx, options.kpiId),
    });
    return readKpiMeasurements(tx, options.kpiId);
  });
}

export async function recordKpiMeasurement(
  database: AppDatabase,
  options: { user: SignedInUser; kpiId: string; input: TKpiMeasurementInput; now: Date },
): Promise<TKpiMeasurement> {
  const db = database.db;
  const { user, kpiId } = options;
  const recorded = db.transaction(async (tx) => {
    await writableKpi(tx, user, kpiId);
    const row = await insertMeasurement(tx, {
      kpiId,
      userId: user.id,
      fields: fieldsOf(user, options.input, options.now),
    });
    await auditWrite(tx, user, {
      action: 'kpi_measurement.create',
      entity: 'kpi_measurement',
      entityId: row.id,
      after: { kpi_id: kpiId, ...row },
    });
    return row;
  });
  return recorded.catch(oneMeasurementPerDate(options.input));
}

export async function changeKpiMeasurement(
  database: AppDatabase,
  options: { user: SignedInUser; kpiId: string; measurementId: string; input: TKpiMeasurementInput; now: Date },
): Promise<TKpiMeasurement> {
  const db = database.db;
  const { user, kpiId, measurementId, now } = options;
  const changed = db.transaction(async (tx) => {
    await writableKpi(tx, user, kpiId);
    const before = await findMeasurement(tx, { kpiId, measurementId });
    const row = await updateMeasurement(tx, { kpiId, measurementId, fields: fieldsOf(user, options.input, now), now });
    if (!before || !row) throw notFound(MEASUREMENT_NOT_FOUND);
    await auditWrite(tx, user, {
      action: 'kpi_measurement.update',
      entity: 'kpi_measurement',
      entityId: measurementId,
      before: { kpi_id: kpiId, ...before },
      after: { kpi_id: kpiId, ...row },
    });
    return row;
  });
  return changed.catch(oneMeasurementPerDate(options.input));
}

export async function removeKpiMeasurement(
  database: AppDatabase,
  options: { user: SignedInUser; kpiId: string; measurementId: string },
): Promise<void> {
  const db = database.db;
  const { user, kpiId, measurementId } = options;
  await db.transaction(async (tx) => {
    await writableKpi(tx, user, kpiId);
    const before = await findMeasurement(tx, { kpiId, measurementId });
    if (!before || !(await deleteMeasurement(tx, { kpiId, measurementId }))) throw notFound(MEASUREMENT_NOT_FOUND);
    await auditWrite(tx, user, {
      action: 'kpi_measurement.delete',
      entity: 'kpi_measurement',
      entityId: measurementId,
      before: { kpi_id: kpiId, ...before },
    });
  });
}
