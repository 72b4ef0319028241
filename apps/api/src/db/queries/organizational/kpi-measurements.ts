import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  TKpiMeasurement,
  TKpiMeasurements,
  TKpiTargetInput,
} from '@habitrack/contracts/organizational/kpi-measurements';
import type { DbOrTx } from '../../client.ts';
import { departmentKpis, kpiMeasurements } from '../../schema/index.ts';

export type MeasurementFields = { value: number; measuredOn: string; note: string | null };

const measurementColumns = {
  id: kpiMeasurements.id,
  value: kpiMeasurements.value,
  measured_on: kpiMeasurements.measuredOn,
  note: kpiMeasurements.note,
};

// A KPI's unit, baseline, target and measurements (oldest first).
export async function readKpiMeasurements(db: DbOrTx, kpiId: string): Promise<TKpiMeasurements> {
  const [kpi] = await db
    .select({ unit: departmentKpis.unit, baseline: departmentKpis.baseline, target: departmentKpis.target })
    .from(departmentKpis)
    .where(eq(departmentKpis.id, kpiId));
  const measurements = await db
    .select(measurementColumns)
    .from(kpiMeasurements)
    .where(eq(kpiMeasurements.kpiId, kpiId))
    .orderBy(asc(kpiMeasurements.measuredOn), asc(kpiMeasurements.createdAt), asc(kpiMeasurements.id));
  return {
    kpi_id: kpiId,
    unit: kpi?.unit ?? null,
    baseline: kpi?.baseline ?? null,
    target: kpi?.target ?? null,
    measurements,
  };
}

// The scale and measurements of several KPIs at once (the insights' goal line of sight).
export async function readMeasurementsOfKpis(db: DbOrTx, kpiIds: string[]) {
  if (kpiIds.length === 0) return [];
  return db
    .select({ kpiId: kpiMeasurements.kpiId, ...measurementColumns })
    .from(kpiMeasurements)
    .where(inArray(kpiMeasurements.kpiId, kpiIds))
    .orderBy(asc(kpiMeasurements.measuredOn), asc(kpiMeasurements.createdAt), asc(kpiMeasurements.id));
}

// A KPI's unit, baseline and target alone (the audit log's before values).
export async function readKpiScale(db: DbOrTx, kpiId: string) {
  const [kpi] = await db
    .select({ unit: departmentKpis.unit, baseline: departmentKpis.baseline, target: departmentKpis.target })
    .from(departmentKpis)
    .where(eq(departmentKpis.id, kpiId));
  return kpi ?? null;
}

// One measurement of the KPI, null when it is not one of the KPI's.
export async function findMeasurement(
  db: DbOrTx,
  options: { kpiId: string; measurementId: string },
): Promise<TKpiMeasurement | null> {
  const [row] = await db
    .select(measurementColumns)
    .from(kpiMeasurements)
    .where(and(eq(kpiMeasurements.id, options.measurementId), eq(kpiMeasurements.kpiId, options.kpiId)));
  return row ?? null;
}

export async function setKpiTarget(db: DbOrTx, options: { kpiId: string; input: TKpiTargetInput; now: Date }) {
  const { unit, baseline, target } = options.input;
  await db
    .update(departmentKpis)
    .set({ unit, baseline, target, updatedAt: options.now })
    .where(eq(departmentKpis.id, options.kpiId));
}

export async function insertMeasurement(
  db: DbOrTx,
  options: { kpiId: string; userId: string; fields: MeasurementFields },
): Promise<TKpiMeasurement> {
  const [row] = await db
    .insert(kpiMeasurements)
    .values({ kpiId: options.kpiId, createdById: options.userId, ...options.fields })
    .returning(measurementColumns);
  return row!;
}

export async function updateMeasurement(
  db: DbOrTx,
  options: { kpiId: string; measurementId: string; fields: MeasurementFields; now: Date },
): Promise<TKpiMeasurement | null> {
  const [row] = await db
    .update(kpiMeasurements)
    .set({ ...options.fields, updatedAt: options.now })
    .where(and(eq(kpiMeasurements.id, options.measurementId), eq(kpiMeasurements.kpiId, options.kpiId)))
    .returning(measurementColumns);
  return row ?? null;
}

export async function deleteMeasurement(
  db: DbOrTx,
  options: { kpiId: string; measurementId: string },
): Promise<boolean> {
  const rows = await db
    .delete(kpiMeasurements)
    .where(and(eq(kpiMeasurements.id, options.measurementId), eq(kpiMeasurements.kpiId, options.kpiId)))
    .returning({ id: kpiMeasurements.id });
  return rows.length > 0;
}
