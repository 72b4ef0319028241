import type { TInsights } from '@habitrack/contracts/insights/get-insights';
import { plural, t } from '@lingui/core/macro';
import { numberText } from './figures.ts';

type TKpi = TInsights['goals'][number]['departments'][number]['kpis'][number];

// A KPI's value with its unit, as the leader wrote the unit: "4 deploys".
export function withUnit(value: number, unit: string | null): string {
  const number = numberText(value);
  return unit ? t`${number} ${unit}` : number;
}

const baselineText = (value: number, unit: string | null) => {
  const baseline = withUnit(value, unit);
  return t`Baseline ${baseline}`;
};
const targetText = (value: number, unit: string | null) => {
  const target = withUnit(value, unit);
  return t`Target ${target}`;
};

// One KPI of the goal line of sight as a chart: its measurements as a line (oldest first), its
// baseline and target as reference lines, and a y-axis wide enough to show all three; worded in the
// language shown.
export function kpiLine(kpi: TKpi) {
  // ISO dates sort as plain strings (localeCompare would first build the locale's collator: about
  // 20 ms on the insights' first render).
  const measurements = [...kpi.measurements].sort((a, b) =>
    a.measured_on < b.measured_on ? -1 : a.measured_on > b.measured_on ? 1 : 0,
  );
  const references = [
    ...(kpi.baseline === null ? [] : [{ y: kpi.baseline, label: baselineText(kpi.baseline, kpi.unit) }]),
    ...(kpi.target === null ? [] : [{ y: kpi.target, label: targetText(kpi.target, kpi.unit) }]),
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
    summary: summaryOf(kpi, latest, measurements.length),
  };
}

// The chart in words: "Baseline 4 deploys, target 10 deploys, latest 7 deploys on 2026-03-12 (2
// measurements)". Each part is a whole phrase of its own, then the three are listed.
function summaryOf(kpi: TKpi, latest: TKpi['measurements'][number] | undefined, count: number): string {
  const baseline = kpi.baseline === null ? t`No baseline` : baselineText(kpi.baseline, kpi.unit);
  let target = t`no target`;
  if (kpi.target !== null) {
    const value = withUnit(kpi.target, kpi.unit);
    target = t`target ${value}`;
  }
  let measured = t`no measurement yet`;
  if (latest) {
    const value = withUnit(latest.value, kpi.unit);
    const day = latest.measured_on;
    measured = t`latest ${value} on ${day} (${plural(count, { one: '# measurement', other: '# measurements' })})`;
  }
  return t`${baseline}, ${target}, ${measured}`;
}
