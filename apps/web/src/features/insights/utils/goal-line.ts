import type { TInsights } from '@habitrack/contracts/insights/get-insights';

type TKpi = TInsights['goals'][number]['departments'][number]['kpis'][number];

const withUnit = (value: number, unit: string | null) => (unit ? `${value} ${unit}` : String(value));

// One KPI of the goal line of sight as a chart: its measurements as a line (oldest first), its
// baseline and target as reference lines, and a y-axis wide enough to show all three.
export function kpiLine(kpi: TKpi) {
  // ISO dates sort as plain strings (localeCompare would first build the locale's collator: about
  // 20 ms on the insights' first render).
  const measurements = [...kpi.measurements].sort((a, b) =>
    a.measured_on < b.measured_on ? -1 : a.measured_on > b.measured_on ? 1 : 0,
  );
  const references = [
    ...(kpi.baseline === null ? [] : [{ y: kpi.baseline, label: `Baseline ${withUnit(kpi.baseline, kpi.unit)}` }]),
    ...(kpi.target === null ? [] : [{ y: kpi.target, label: `Target ${withUnit(kpi.target, kpi.unit)}` }]),
  ];
  const values = [...measurements.map((m) => m.value), ...references.map((r) => r.y)];
  const low = values.length ? Math.min(...values) : 0;
  const high = values.length ? Math.max(...values) : 1;
  const pad = (high - low) * 0.1 || Math.abs(high) * 0.1 || 1;
  const latest = measurements.at(-1);
  return {
    points: measurements.map((m) => ({ label: m.measured_on, [kpi.title]: m.value })),
    references,
    domain: [Math.floor((low - pad) * 100) / 100, Math.ceil((high + pad) * 100) / 100] as [number, number],
    // The chart in words, shown under it.
    summary: [
      kpi.baseline === null ? 'No baseline' : `Baseline ${withUnit(kpi.baseline, kpi.unit)}`,
      kpi.target === null ? 'no target' : `target ${withUnit(kpi.target, kpi.unit)}`,
      latest
        ? `latest ${withUnit(latest.value, kpi.unit)} on ${latest.measured_on} (${measurements.length} measurement${measurements.length === 1 ? '' : 's'})`
        : 'no measurement yet',
    ].join(', '),
  };
}
