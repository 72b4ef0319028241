import {
  ZKpiMeasurement,
  ZKpiMeasurements,
  type TKpiMeasurementInput,
  type TKpiTargetInput,
} from '@habitrack/contracts/organizational/kpi-measurements';
import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/http.ts';

const base = (kpiId: string) => `/api/v1/organizational/department-kpis/${encodeURIComponent(kpiId)}`;
const url = (kpiId: string) => `${base(kpiId)}/measurements`;

export function listKpiMeasurements(kpiId: string) {
  return getJson(url(kpiId), ZKpiMeasurements);
}

// The KPI's unit, baseline, target and measurements; only fetched while `enabled` (a dialog open).
export function useKpiMeasurements(kpiId: string, enabled: boolean) {
  return useQuery({ queryKey: ['kpi-measurements', kpiId], queryFn: () => listKpiMeasurements(kpiId), enabled });
}

export function recordKpiMeasurement(kpiId: string, body: TKpiMeasurementInput) {
  return sendJson('POST', url(kpiId), { body, schema: ZKpiMeasurement });
}

export function setKpiScale(kpiId: string, body: TKpiTargetInput) {
  return sendJson('PUT', `${base(kpiId)}/target`, { body, schema: ZKpiMeasurements });
}
