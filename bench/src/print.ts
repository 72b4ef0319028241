// The API benchmark's tables (api.ts).
import { CONNECTIONS, type Sample } from './load.ts';

export type TargetResult = {
  target: string;
  label: string;
  rounds: Sample[];
  median: Sample;
  ratio: number | null;
  ratioBudget: number | null;
};
// `reported`: printed beside its budget, not held to it (a run does not fail on it).
export type LatencyCheck = {
  name: string;
  method: string;
  a: number;
  b: number;
  ratio: number;
  budget: number;
  reported?: boolean;
};
// A further API process of the same run (--compare), against the one as configured.
export type Comparison = {
  variant: string;
  target: string;
  label: string;
  rounds: Sample[];
  median: Sample;
  ratio: number;
  // This process's req/s over the configured one's, both medians of the same rounds.
  versusConfigured: number;
};

const log = (line: string) => console.log(line);

export function printTable(
  kind: string,
  run: { rounds: number; seconds: number; load: { start: number; end: number } },
  targets: TargetResult[],
  latency: LatencyCheck[],
) {
  log(
    `\n${kind}: ${run.rounds === 1 ? 'one round' : `medians of ${run.rounds} interleaved rounds`}, -c${CONNECTIONS}, ${run.seconds} s each; ` +
      `load average ${run.load.start.toFixed(1)} at the start, ${run.load.end.toFixed(1)} at the end`,
  );
  log(
    `  ${'target'.padEnd(36)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'errors'.padStart(6)} ${'non2xx'.padStart(6)} ${'ratio'.padStart(7)} ${'budget'.padStart(7)}`,
  );
  for (const t of targets) {
    const ratio = t.ratio === null ? '' : `${(t.ratio * 100).toFixed(1)}%`;
    const budget = t.ratioBudget === null ? '' : `${(t.ratioBudget * 100).toFixed(0)}%`;
    log(
      `  ${t.label.padEnd(36)} ${t.median.rps.toFixed(0).padStart(7)} ${`${t.median.p50}`.padStart(6)} ${`${t.median.p99}`.padStart(6)} ${`${t.median.errors}`.padStart(6)} ${`${t.median.non2xx}`.padStart(6)} ${ratio.padStart(7)} ${budget.padStart(7)}`,
    );
  }
  for (const l of latency) {
    log(
      `  ${l.name}: ${l.a.toFixed(1)} ms vs ${l.b.toFixed(1)} ms = ${l.ratio.toFixed(2)}× (${l.reported ? 'reported; ' : ''}budget ${l.budget}×)`,
    );
  }
}

export function printComparisons(kind: string, targets: TargetResult[], comparisons: Comparison[]) {
  if (!comparisons.length) return;
  log(`\n${kind}: the same rounds, API processes with mechanisms switched off (--compare)`);
  log(
    `  ${'process'.padEnd(40)} ${'target'.padEnd(10)} ${'req/s'.padStart(7)} ${'p99'.padStart(5)} ${'ratio'.padStart(7)} ${'vs configured'.padStart(14)}`,
  );
  for (const t of targets.filter((x) => x.ratio !== null)) {
    log(
      `  ${'as configured'.padEnd(40)} ${t.target.padEnd(10)} ${t.median.rps.toFixed(0).padStart(7)} ${`${t.median.p99}`.padStart(5)} ${`${(t.ratio! * 100).toFixed(1)}%`.padStart(7)} ${'1.00'.padStart(14)}`,
    );
    for (const c of comparisons.filter((x) => x.target === t.target)) {
      const errors = c.median.errors || c.median.non2xx ? `  errors ${c.median.errors} non-2xx ${c.median.non2xx}` : '';
      log(
        `  ${c.variant.padEnd(40)} ${c.target.padEnd(10)} ${c.median.rps.toFixed(0).padStart(7)} ${`${c.median.p99}`.padStart(5)} ${`${(c.ratio * 100).toFixed(1)}%`.padStart(7)} ${c.versusConfigured.toFixed(2).padStart(14)}${errors}`,
      );
    }
  }
}
