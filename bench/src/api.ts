// API load benchmark (docs/benchmarks.md). Run: npm run bench [-- --smoke] [-- --explain]
//   --smoke         small data, short runs, budgets less a noise margin, a miss measured twice (CI)
//   --db=postgres|pglite|both   (default: both; --smoke: PostgreSQL when DATABASE_URL is set, else PGlite)
//   --regenerate    rebuild the cached data
//   --explain       print EXPLAIN (ANALYZE, BUFFERS) of the hot queries on the generated data
//   --targets=flow,log   a subset of the targets (the reference always runs)
//   --compare=a,b+c,same API processes with speed mechanisms switched off, in the same rounds
//   --rounds=5 --seconds=8   more or longer rounds than the mode's own (1 of 2 s smoke, 3 of 8 s)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  benchRoot,
  loadBenchUsers,
  prepareData,
  type BenchUser,
  type DatabaseKind,
  type PreparedData,
} from './data.ts';
import { FULL, ORG200, PGLITE, SMOKE, WEEK_DAYS, type Scale } from './generate.ts';
import { explainHotQueries } from './explain.ts';
import { renderChart } from './chart.ts';
import {
  drain,
  idleLatency,
  latencyPair,
  load,
  summarize,
  watchDatabase,
  CONNECTIONS,
  type DatabaseActivity,
  type Rotation,
  type Sample,
} from './load.ts';
import { printComparisons, printTable, type Comparison, type LatencyCheck, type TargetResult } from './print.ts';
import { startApi, startIssuer, startReference, type Issuer, type Running } from './servers.ts';
import { parseVariants, startVariants, type RunningVariant } from './variants.ts';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const scaleFor = (kind: DatabaseKind): Scale => (smoke ? SMOKE : kind === 'postgres' ? FULL : PGLITE);
const dbArg = args.find((a) => a.startsWith('--db='))?.slice(5);
const postgresUrl = process.env.DATABASE_URL;
const kinds: DatabaseKind[] =
  dbArg === 'postgres' || dbArg === 'pglite'
    ? [dbArg]
    : smoke && dbArg !== 'both'
      ? [postgresUrl ? 'postgres' : 'pglite']
      : ['postgres', 'pglite'];
const variants = parseVariants(args.find((a) => a.startsWith('--compare='))?.slice(10));

// Smoke rounds of 2 s: at 50 connections still hundreds of requests a round on the 2-core machine;
// the noise margin and the second measurement absorb the rest (docs/benchmarks.md).
const count = (name: string, fallback: number) => {
  const given = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (given === undefined) return fallback;
  const value = Number(given);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} takes a whole number of at least 1, not "${given}"`);
  return value;
};
const DURATION_S = count('seconds', smoke ? 2 : 8);
// The smoke run measures one round: a miss is measured once more (main), so one noisy round does
// not fail CI, while a real regression misses both.
const ROUNDS = count('rounds', smoke ? 1 : 3);
const WARMUP_S = smoke ? 0.5 : 2;
// A smoke run is short and noisy: it fails only below budget × (1 − margin).
const NOISE_MARGIN = smoke ? 0.25 : 0;
const LATENCY_SAMPLES = smoke ? 60 : 200;

type TargetName = 'reference' | 'dashboard' | 'members' | 'flow' | 'log' | 'insights' | 'log200' | 'insights200';
const ALL_TARGETS: TargetName[] = [
  'reference',
  'dashboard',
  'members',
  'flow',
  'log',
  'insights',
  'log200',
  'insights200',
];
// The 200-member organisation's targets (its own database and API process, bench/src/generate.ts
// ORG200): its insights, compared with the benchmark organisation's, after the same kind of
// check-ins as the benchmark organisation's insights follow (so both answers are read afresh
// after facts were applied, once a round).
const ORG200_TARGETS: Partial<Record<TargetName, TargetName>> = { log200: 'log', insights200: 'insights' };
// --targets=flow,log measures a subset (always with the reference); insights comes with the
// 200-member organisation's insights, and log with its check-ins when both are measured.
const only = args
  .find((a) => a.startsWith('--targets='))
  ?.slice(10)
  .split(',');
const wanted = (t: TargetName) => !only || only.includes(t);
const TARGETS = ALL_TARGETS.filter(
  (t) => t === 'reference' || (t === 'log200' ? wanted('log') && wanted('insights') : wanted(ORG200_TARGETS[t] ?? t)),
);
// The 200-member organisation is compared on PostgreSQL, where the insights' budget is.
const targetsOf = (kind: DatabaseKind) => TARGETS.filter((t) => !ORG200_TARGETS[t] || kind === 'postgres');
const LABELS: Record<TargetName, string> = {
  reference: 'GET / (bare Fastify)',
  dashboard: 'GET /api/v1/dashboard/',
  members: 'GET /api/v1/social/cohort/members',
  flow: 'GET /api/v1/auth/user-flow-status',
  log: 'POST /api/v1/habits/{id}/log',
  insights: 'GET /api/v1/insights/?period=12w',
  log200: 'check-in, 200-member organisation',
  insights200: 'insights, 200-member organisation',
};

// Minimum fraction of the reference's req/s, per database (absent: no budget). The full run holds
// the shares asked of one round trip per hot request on PostgreSQL; the smoke run (CI) the floors
// held before them: on a fast machine the reference gains more than the API and its database, which
// share the same two cores (the check-in's smoke share 7.6 % against a reference of 72,128 req/s,
// 12.4 % against 34,342), so the shares asked, less the margin, would fail CI for the machine's hour
// (docs/benchmarks.md#budgets).
const RATIO_BUDGETS: Record<DatabaseKind, Partial<Record<TargetName, number>>> = {
  postgres: smoke
    ? { dashboard: 0.1, members: 0.05, flow: 0.12, log: 0.06 }
    : { dashboard: 0.15, members: 0.08, flow: 0.16, log: 0.09 },
  pglite: { dashboard: 0.03 },
};
const P99_BUDGET_MS: Record<DatabaseKind, number | null> = { postgres: 100, pglite: null };
// Measured and reported, not yet held to the p99 budget (none at present).
const P99_NOT_YET_HELD: TargetName[] = [];
const HISTORY_LATENCY_BUDGET = 1.5;
// The benchmark organisation's insights against a 200-member organisation's (issue 20).
const ORGANISATION_SIZE_BUDGET = 1.5;
const COHORT_LATENCY_BUDGET = 3;

type DatabaseResult = {
  kind: DatabaseKind;
  // The machine's load average (1 minute) when this database's run began and ended.
  load: { start: number; end: number };
  scale: Scale;
  data: PreparedData;
  targets: TargetResult[];
  comparisons: Comparison[];
  latency: LatencyCheck[];
  failures: string[];
};

const log = (line: string) => console.log(line);

// The check-in every round sends: each member's first of the day in the warm-up, sent again after.
const checkIn = JSON.stringify({ log_type: 'completed', note: 'Done before the first meeting.' });
const isCheckIn = (t: TargetName) => (ORG200_TARGETS[t] ?? t) === 'log';

// Distinct users per target: spread evenly over the organisation (every cohort takes part).
const USERS_PER_TARGET = 4000;
const spread = (list: BenchUser[]) => {
  const step = Math.max(1, Math.floor(list.length / USERS_PER_TARGET));
  return list.filter((_, k) => k % step === 0).slice(0, USERS_PER_TARGET);
};

function rotations(
  users: BenchUser[],
  scaleCohorts: number,
  org200: BenchUser[],
): Record<Exclude<TargetName, 'reference'>, Rotation> {
  const longStanding = spread(users.filter((u) => u.historyDays > 7 && u.cohortNo <= scaleCohorts));
  return {
    dashboard: { method: 'GET', path: () => '/api/v1/dashboard/', users: longStanding },
    members: { method: 'GET', path: () => '/api/v1/social/cohort/members', users: longStanding },
    flow: { method: 'GET', path: () => '/api/v1/auth/user-flow-status', users: longStanding },
    log: {
      method: 'POST',
      path: (u) => `/api/v1/habits/${u.userHabitId}/log`,
      body: checkIn,
      users: longStanding.filter((u) => u.userHabitId),
    },
    // The leaders (first member of each cohort, generate.ts): the whole programme's insights.
    insights: {
      method: 'GET',
      path: () => '/api/v1/insights/?period=12w',
      users: users.filter((u) => u.isLeader && u.cohortNo <= scaleCohorts),
    },
    // The 200-member organisation's members' check-ins (its own database and API process).
    log200: {
      method: 'POST',
      path: (u) => `/api/v1/habits/${u.userHabitId}/log`,
      body: checkIn,
      users: org200.filter((u) => u.historyDays > 7 && u.userHabitId),
    },
    // Its leader.
    insights200: {
      method: 'GET',
      path: () => '/api/v1/insights/?period=12w',
      users: org200.filter((u) => u.isLeader),
    },
  };
}

async function benchDatabase(
  kind: DatabaseKind,
  reference: Running,
  issuer: Issuer,
  tokens: Map<number, string>,
): Promise<DatabaseResult> {
  log(`\n== ${kind} ==`);
  // Other work on the machine moves every figure: its load is printed and kept with them.
  const loadAtStart = loadavg()[0]!;
  const scale = scaleFor(kind);
  const data = await prepareData(kind, scale, { postgresUrl, regenerate: args.includes('--regenerate'), log });
  log(
    `Data: ${data.generated ? `generated in ${data.generationSeconds} s` : `cached (generated in ${data.generationSeconds} s)`}; ` +
      Object.entries(data.counts)
        .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
        .join(', '),
  );
  const users = await loadBenchUsers(data.target);
  const targetNames = targetsOf(kind);
  const data200 = targetNames.includes('insights200')
    ? await prepareData(kind, ORG200, { postgresUrl, regenerate: args.includes('--regenerate'), log })
    : null;
  const users200 = data200 ? await loadBenchUsers(data200.target) : [];
  const rot = rotations(users, scale.cohorts, users200);
  const big = users.filter((u) => u.cohortNo <= scale.cohorts);
  const week = big.filter((u) => u.historyDays <= 7).slice(0, 50);
  const weekCohorts = new Set(week.map((u) => u.cohortNo));
  const year = big.filter((u) => u.historyDays > 7 && weekCohorts.has(u.cohortNo)).slice(0, 50);
  const small = users.filter((u) => u.cohortNo > scale.cohorts);
  const bigSample = big
    .filter((u) => u.historyDays > 7)
    .filter((_, k) => k % 97 === 0)
    .slice(0, 20);
  await signTokens(
    issuer,
    [...Object.values(rot).flatMap((r) => r.users), users[0]!, ...week, ...year, ...small, ...bigSample],
    tokens,
  );
  // The 200-member organisation's API, on its own database: one process, as configured. It starts
  // at the same time as the others, on the machine's other core; if either start fails, both stop.
  const [variantsStarted, api200Started] = await Promise.allSettled([
    startVariants(variants, data.target, issuer),
    data200 ? startApi(data200.target, issuer) : Promise.resolve(null),
  ]);
  if (variantsStarted.status === 'rejected' || api200Started.status === 'rejected') {
    if (variantsStarted.status === 'fulfilled') await variantsStarted.value.stop();
    if (api200Started.status === 'fulfilled') await api200Started.value?.stop();
    throw variantsStarted.status === 'rejected'
      ? variantsStarted.reason
      : (api200Started as PromiseRejectedResult).reason;
  }
  const { running, stop } = variantsStarted.value;
  const api200 = api200Started.value;
  const api = running[0]!.api;
  // Which process answers a target: the 200-member organisation's insights have their own.
  const processesOf = (name: TargetName) => (ORG200_TARGETS[name] ? [{ ...running[0]!, api: api200! }] : running);
  // What each API's PostgreSQL database is running (PGlite runs inside the API process: its
  // requests' answers tell).
  const watch = (target: typeof data.target) => (target.kind === 'postgres' ? watchDatabase(target.url!) : null);
  const activity: { main: DatabaseActivity | null; org200: DatabaseActivity | null } = { main: null, org200: null };
  const failures: string[] = [];
  try {
    activity.main = await watch(data.target);
    activity.org200 = data200 ? await watch(data200.target) : null;
    const drainToken = tokens.get(users[0]!.n)!;
    const idle = new Map<string, number>();
    for (const v of running) idle.set(v.label, await idleLatency(v.api.url, drainToken));
    const idle200 = api200 ? await idleLatency(api200.url, drainToken) : 0;
    const drainOf = (name: TargetName, v: RunningVariant) =>
      ORG200_TARGETS[name]
        ? drain(v.api.url, drainToken, idle200, activity.org200)
        : drain(v.api.url, drainToken, idle.get(v.label)!, activity.main);
    // Every member of each target's rotation served once, unmeasured (token cache, held answers),
    // then the warm-up's seconds (the pool's connections and their plans: the 200-member
    // organisation's ~190 check-ins alone left its first round's p99 at 160 to 219 ms): on the full
    // data 2 s alone left the first round reading the dashboard's facts afresh. The check-ins first:
    // they are each member's first of the day, which change what the other targets show.
    for (const name of [...targetNames.filter(isCheckIn), ...targetNames.filter((t) => !isCheckIn(t))]) {
      if (name === 'reference') await load(reference.url, { seconds: WARMUP_S }, null, tokens, 0);
      else {
        for (const v of processesOf(name)) {
          // (At least one request per connection: the insights have a leader per cohort.)
          const requests = Math.max(CONNECTIONS, rot[name].users.length);
          await load(v.api.url, { requests }, rot[name], tokens, 0);
          await load(v.api.url, { seconds: WARMUP_S }, rot[name], tokens, 0);
          await drainOf(name, v);
        }
      }
    }
    // Samples per process label and target.
    const samples = new Map<string, Sample[]>();
    const push = (key: string, sample: Sample) => samples.set(key, [...(samples.get(key) ?? []), sample]);
    for (let round = 1; round <= ROUNDS; round++) {
      // The processes take turns to go first: whichever follows the reference or another target
      // starts on a busier machine, and would otherwise always be the same one.
      const turn = [...running.slice((round - 1) % running.length), ...running.slice(0, (round - 1) % running.length)];
      for (const name of targetNames) {
        const processes = name === 'reference' ? [null] : ORG200_TARGETS[name] ? processesOf(name) : turn;
        for (const v of processes) {
          const sample = v
            ? await load(
                v.api.url,
                { seconds: DURATION_S },
                rot[name as Exclude<TargetName, 'reference'>],
                tokens,
                round * 997,
              )
            : await load(reference.url, { seconds: DURATION_S }, null, tokens, 0);
          push(`${v?.label ?? ''}:${name}`, sample);
          if (v) await drainOf(name, v);
          log(
            `  round ${round} ${name.padEnd(11)} ${sample.rps.toFixed(0).padStart(6)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms` +
              (v && running.length > 1 ? `  (${v.label})` : '') +
              (sample.errors || sample.non2xx ? `  errors ${sample.errors} non-2xx ${sample.non2xx}` : ''),
          );
        }
      }
    }
    const ref = summarize(samples.get(':reference')!);
    const main = running[0]!.label;
    const targets: TargetResult[] = targetNames.map((name) => {
      const rounds = samples.get(name === 'reference' ? ':reference' : `${main}:${name}`)!;
      const m = summarize(rounds);
      const ratio = name === 'reference' ? null : m.rps / ref.rps;
      const ratioBudget = RATIO_BUDGETS[kind][name] ?? null;
      if (name !== 'reference') {
        if (ratioBudget !== null && ratio! < ratioBudget * (1 - NOISE_MARGIN)) {
          failures.push(
            `${kind} ${LABELS[name]}: ${(ratio! * 100).toFixed(1)} % of the reference, budget ${(ratioBudget * 100).toFixed(0)} %` +
              (NOISE_MARGIN ? ` (less ${NOISE_MARGIN * 100} % noise margin)` : ''),
          );
        }
        const p99Budget = P99_BUDGET_MS[kind];
        if (p99Budget !== null && !P99_NOT_YET_HELD.includes(name) && m.p99 > p99Budget * (1 + NOISE_MARGIN)) {
          failures.push(`${kind} ${LABELS[name]}: p99 ${m.p99} ms, budget ${p99Budget} ms`);
        }
        if (m.errors || m.non2xx) failures.push(`${kind} ${LABELS[name]}: ${m.errors} errors, ${m.non2xx} non-2xx`);
      }
      return { target: name, label: LABELS[name], rounds, median: m, ratio, ratioBudget };
    });
    const comparisons: Comparison[] = running.slice(1).flatMap((v) =>
      targets
        .filter((t) => t.ratio !== null && !ORG200_TARGETS[t.target as TargetName])
        .map((t) => {
          const rounds = samples.get(`${v.label}:${t.target}`)!;
          const m = summarize(rounds);
          return {
            variant: v.label,
            target: t.target,
            label: t.label,
            rounds,
            median: m,
            ratio: m.rps / ref.rps,
            versusConfigured: m.rps / t.median.rps,
          };
        }),
    );

    // Latency versus history length and cohort size.
    const samplesPerCase = LATENCY_SAMPLES;
    const [yearMs, weekMs] = await latencyPair(
      api.url,
      '/api/v1/dashboard/',
      { a: year, b: week, samples: samplesPerCase },
      tokens,
    );
    // A habit's history (decision 014): the frame of a long-standing member's habit, with its
    // logs, against a one-week member's (same cohorts).
    const historyOf = (u: BenchUser) => `/api/v1/habits/${u.userHabitId}/history`;
    const [yearHistoryMs, weekHistoryMs] = await latencyPair(
      api.url,
      historyOf,
      { a: year.filter((u) => u.userHabitId), b: week.filter((u) => u.userHabitId), samples: samplesPerCase },
      tokens,
    );
    const [bigMs, smallMs] = await latencyPair(
      api.url,
      '/api/v1/social/cohort/members',
      { a: bigSample, b: small, samples: samplesPerCase },
      tokens,
    );
    const method = `${LATENCY_SAMPLES} sequential requests per case on one connection, cases alternating; median`;
    const latency: LatencyCheck[] = [
      {
        name: `dashboard: ${scale.historyDays}-day member vs ${7}-day member (same cohorts)`,
        method,
        a: yearMs,
        b: weekMs,
        ratio: yearMs / weekMs,
        budget: HISTORY_LATENCY_BUDGET,
      },
      {
        name: `habit history: ${scale.historyDays}-day member vs ${WEEK_DAYS}-day member (same cohorts)`,
        method,
        a: yearHistoryMs,
        b: weekHistoryMs,
        ratio: yearHistoryMs / weekHistoryMs,
        budget: HISTORY_LATENCY_BUDGET,
      },
      {
        name: `cohort members: ${scale.cohortSize}-member cohort vs ${scale.smallCohortSize}-member cohort`,
        method,
        a: bigMs,
        b: smallMs,
        ratio: bigMs / smallMs,
        budget: COHORT_LATENCY_BUDGET,
      },
    ];
    // The insights: the benchmark organisation's against the 200-member organisation's, at 50
    // connections (p99 of the same rounds) and one request at a time (medians).
    const insightsOf = (name: TargetName) => targets.find((t) => t.target === name)?.median;
    const [bigInsights, smallInsights] = [insightsOf('insights'), insightsOf('insights200')];
    if (api200 && bigInsights && smallInsights) {
      const organisation = `${users.length.toLocaleString('en')}-member`;
      latency.push({
        name: `insights p99 at ${CONNECTIONS} connections: ${organisation} vs 200-member organisation`,
        method: `p99 of each round at ${CONNECTIONS} connections; median of the rounds`,
        a: bigInsights.p99,
        b: smallInsights.p99,
        ratio: bigInsights.p99 / Math.max(1, smallInsights.p99),
        budget: ORGANISATION_SIZE_BUDGET,
      });
      const [bigMs, smallMs] = await latencyPair(
        [api.url, api200.url],
        '/api/v1/insights/?period=12w',
        { a: rot.insights.users.slice(0, 20), b: rot.insights200.users, samples: samplesPerCase },
        tokens,
      );
      // Reported, not held: one at a time, every request to the larger database costs a little
      // more whatever the route (the flow status too, docs/benchmarks.md), and the budget is the p99's.
      latency.push({
        name: `insights one at a time: ${organisation} vs 200-member organisation`,
        method,
        a: bigMs,
        b: smallMs,
        ratio: bigMs / smallMs,
        budget: ORGANISATION_SIZE_BUDGET,
        reported: true,
      });
    }
    for (const check of latency) {
      if (!check.reported && check.ratio > check.budget * (1 + NOISE_MARGIN)) {
        failures.push(`${kind} ${check.name}: ${check.ratio.toFixed(2)}×, budget ${check.budget}×`);
      }
    }
    const machineLoad = { start: loadAtStart, end: loadavg()[0]! };
    printTable(kind, { rounds: ROUNDS, seconds: DURATION_S, load: machineLoad }, targets, latency);
    printComparisons(kind, targets, comparisons);
    return { kind, scale, data, load: machineLoad, targets, comparisons, latency, failures };
  } finally {
    await activity.main?.close();
    await activity.org200?.close();
    await stop();
    await api200?.stop();
  }
}

async function signTokens(issuer: Issuer, users: BenchUser[], tokens: Map<number, string>) {
  const t0 = performance.now();
  let made = 0;
  for (const user of users) {
    if (tokens.has(user.n)) continue;
    tokens.set(user.n, await issuer.sign(user.n));
    made++;
  }
  if (made)
    log(`Signed ${made.toLocaleString('en')} access tokens in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main() {
  if (args.includes('--explain')) {
    await explainHotQueries(postgresUrl, log);
    return;
  }
  const started = performance.now();
  const reference = await startReference();
  const issuer = await startIssuer();
  const tokens = new Map<number, string>();
  const results: DatabaseResult[] = [];
  try {
    for (const kind of kinds) {
      let result = await benchDatabase(kind, reference, issuer, tokens);
      // A smoke run is short: one noisy round can miss a budget. It is measured once more, and
      // fails only when the second measurement misses too (a real regression misses both).
      if (smoke && result.failures.length) {
        log(`\n${kind}: ${result.failures.length} budget(s) missed; measuring once more:`);
        for (const failure of result.failures) log(`  - ${failure}`);
        result = await benchDatabase(kind, reference, issuer, tokens);
      }
      results.push(result);
    }
  } finally {
    await reference.stop();
    await issuer.close();
  }
  const failures = results.flatMap((r) => r.failures);
  const report = {
    kind: smoke ? 'api-smoke' : 'api',
    at: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    method: {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      rounds: ROUNDS,
      noiseMargin: NOISE_MARGIN,
      compared: variants.slice(1),
    },
    seconds: Math.round((performance.now() - started) / 1000),
    databases: results,
    failures,
  };
  const dir = path.join(benchRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stamp = report.at.replace(/[:.]/g, '-');
  const base = smoke ? 'api-smoke' : 'api';
  writeFileSync(path.join(dir, `${base}-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(dir, `${base}-latest.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(dir, `${base}-latest.svg`), renderChart(report));
  log(
    `\nReport: bench/results/${base}-latest.json, chart bench/results/${base}-latest.svg (${report.seconds} s in all)`,
  );
  if (failures.length) {
    log(`\nBudgets missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    log('\nEvery budget met.');
  }
}

// Ctrl-C or kill: exit through process 'exit', which stops the child servers.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

await main();
