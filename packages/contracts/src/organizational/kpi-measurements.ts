import { z } from 'zod';
import { zPlainText } from '../common/plain-text.ts';
import { ZDepartmentKpiParams } from './update-department-kpi.ts';

export const KPI_NOTE_MAX = 500;
export const KPI_UNIT_MAX = 40;
// The earliest date a measurement may carry: a baseline may be old, but not older than this (and
// PostgreSQL has no year 0, which the date format would otherwise let through).
export const KPI_MEASURED_ON_MIN = '1900-01-01';

const zValue = z.number({ error: 'must be a number' }).refine(Number.isFinite, { error: 'must be a finite number' });
const zOptionalValue = zValue.nullable();

// Optional free text; blank becomes null.
const zOptionalText = (max: number) =>
  zPlainText()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

export const ZKpiMeasurementsParams = ZDepartmentKpiParams;
export const ZKpiMeasurementParams = z.object({
  id: z.uuid({ error: 'must be a KPI id (UUID)' }),
  measurementId: z.uuid({ error: 'must be a measurement id (UUID)' }),
});

// POST /organizational/department-kpis/{id}/measurements and PUT …/{measurementId}: a value on a
// local date that is not in the team leader's future, with an optional note. Not locked at the
// programme's start date (docs/domain/leaders-goals-kpis.md#kpi-measurements).
export const ZKpiMeasurementInput = z.strictObject({
  value: zValue,
  measured_on: z.iso
    .date({ error: 'must be a date (YYYY-MM-DD)' })
    .refine((date) => date >= KPI_MEASURED_ON_MIN, { error: `must be ${KPI_MEASURED_ON_MIN} or later` }),
  note: zOptionalText(KPI_NOTE_MAX),
});
export type TKpiMeasurementInput = z.infer<typeof ZKpiMeasurementInput>;

export const ZKpiMeasurement = z.object({
  id: z.uuid(),
  value: z.number(),
  measured_on: z.iso.date(),
  note: z.string().nullable(),
});
export type TKpiMeasurement = z.infer<typeof ZKpiMeasurement>;

// PUT /organizational/department-kpis/{id}/target: the unit, baseline and target of a KPI.
export const ZKpiTargetInput = z.strictObject({
  unit: zOptionalText(KPI_UNIT_MAX),
  baseline: zOptionalValue.optional().transform((value) => value ?? null),
  target: zOptionalValue.optional().transform((value) => value ?? null),
});
export type TKpiTargetInput = z.infer<typeof ZKpiTargetInput>;

// GET /organizational/department-kpis/{id}/measurements: the KPI's scale and its measurements,
// oldest first.
export const ZKpiMeasurements = z.object({
  kpi_id: z.uuid(),
  unit: z.string().nullable(),
  baseline: z.number().nullable(),
  target: z.number().nullable(),
  measurements: z.array(ZKpiMeasurement),
});
export type TKpiMeasurements = z.infer<typeof ZKpiMeasurements>;
