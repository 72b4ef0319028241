// API load benchmark (docs/benchmarks.md). Run: npm run bench [-- --smoke] [-- --explain]
//   --smoke         small data, short runs, budgets less a noise margin, a miss measured twice (CI)
//   --db=postgres|pglite|both   (default: both; --smoke: PostgreSQL when DATABASE_URL is set, else PGlite)
//   --regenerate    rebuild the cached data
//   --explain       print EXPLAIN (ANALYZE, BUFFERS) of the hot queries on the generated data
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  benchRoot,
  loadBenchUsers,
  prepareData,
  type BenchUser,
  type DatabaseKind,
  type PreparedData,
} from './data.ts';
import { FULL, PGLITE, SMOKE, type Scale } from './generate.ts';
import { explainHotQueries } from './explain.ts';
import { renderChart } from './chart.ts';
import { startApi, startIssuer, startReference, type Issuer, type Running } from './servers.ts';

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

const DURATION_S = smoke ? 3 : 8;
const ROUNDS = smoke ? 2 : 3;
const CONNECTIONS = 50;
const WARMUP_S = smoke ? 1 : 2;
// A smoke run is short and noisy: it fails only below budget × (1 − margin).
const NOISE_MARGIN = smoke ? 0.25 : 0;
const LATENCY_SAMPLES = smoke ? 60 : 200;

type TargetName = 'reference' | 'dashboard' | 'members' | 'flow' | 'log';
const ALL_TARGETS: TargetName[] = ['reference', 'dashboard', 'members', 'flow', 'log'];
// --targets=flow,log measures a subset (always with the reference).
const only = args
  .find((a) => a.startsWith('--targets='))
  ?.slice(10)
  .split(',');
const TARGETS = ALL_TARGETS.filter((t) => t === 'reference' || !only || only.includes(t));
const LABELS: Record<TargetName, string> = {
  reference: 'GET / (bare Fastify)',
  dashboard: 'GET /api/v1/dashboard/',
  members: 'GET /api/v1/social/cohort/members',
  flow: 'GET /api/v1/auth/user-flow-status',
  log: 'POST /api/v1/habits/{id}/log',
};

// Minimum fraction of the reference's req/s, per database (absent: no budget).
const RATIO_BUDGETS: Record<DatabaseKind, Partial<Record<TargetName, number>>> = {
  postgres: { dashboard: 0.1, members: 0.05, flow: 0.12, log: 0.06 },
  pglite: { dashboard: 0.03 },
};
const P99_BUDGET_MS: Record<DatabaseKind, number | null> = { postgres: 100, pglite: null };
const HISTORY_LATENCY_BUDGET = 1.5;
const COHORT_LATENCY_BUDGET = 3;

type Sample = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };
type TargetResult = {
  target: TargetName;
  label: string;
  rounds: Sample[];
  median: Sample;
  ratio: number | null;
  ratioBudget: number | null;
};
type LatencyCheck = { name: string; method: string; a: number; b: number; ratio: number; budget: number };
type DatabaseResult = {
  kind: DatabaseKind;
  scale: Scale;
  data: PreparedData;
  targets: TargetResult[];
  latency: LatencyCheck[];
  failures: string[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const log = (line: string) => console.log(line);

type Rotation = { method: 'GET' | 'POST'; path: (u: BenchUser) => string; body?: string; users: BenchUser[] };

// Distinct users per target: spread evenly over the organisation (every cohort takes part).
const USERS_PER_TARGET = 4000;
const spread = (list: BenchUser[]) => {
  const step = Math.max(1, Math.floor(list.length / USERS_PER_TARGET));
  return list.filter((_, k) => k % step === 0).slice(0, USERS_PER_TARGET);
};

function rotations(users: BenchUser[], scaleCohorts: number): Record<Exclude<TargetName, 'reference'>, Rotation> {
  const longStanding = spread(users.filter((u) => u.historyDays > 7 && u.cohortNo <= scaleCohorts));
  return {
    dashboard: { method: 'GET', path: () => '/api/v1/dashboard/', users: longStanding },
    members: { method: 'GET', path: () => '/api/v1/social/cohort/members', users: longStanding },
    flow: { method: 'GET', path: () => '/api/v1/auth/user-flow-status', users: longStanding },
    log: {
      method: 'POST',
      path: (u) => `/api/v1/habits/${u.userHabitId}/log`,
      body: JSON.stringify({ log_type: 'completed', note: 'Done before the first meeting.' }),
      users: longStanding.filter((u) => u.userHabitId),
    },
  };
}

async function load(
  url: string,
  seconds: number,
  rotation: Rotation | null,
  tokens: Map<number, string>,
  offset: number,
): Promise<Sample> {
  let i = offset;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      rotation
        ? {
            method: rotation.method,
            setupRequest: (request) => {
              const user = rotation.users[i++ % rotation.users.length]!;
              return {
                ...request,
                method: rotation.method,
                path: rotation.path(user),
                headers: {
                  authorization: `Bearer ${tokens.get(user.n)}`,
                  ...(rotation.body ? { 'content-type': 'application/json' } : {}),
                },
                ...(rotation.body ? { body: rotation.body } : {}),
              };
            },
          }
        : { method: 'GET', path: '/' },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

// Sequential timed requests, alternating between the two cases, one connection: the median
// latency of each case.
async function latencyPair(
  api: string,
  path: string,
  a: BenchUser[],
  b: BenchUser[],
  tokens: Map<number, string>,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const call = async (user: BenchUser) => {
    const t0 = performance.now();
    const response = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${tokens.get(user.n)}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status} for member ${user.n}`);
    return performance.now() - t0;
  };
  // Warm both cases first (token verification, connection, plan cache).
  for (const user of [...a, ...b]) await call(user);
  for (let k = 0; k < LATENCY_SAMPLES; k++) {
    times[0].push(await call(a[k % a.length]!));
    times[1].push(await call(b[k % b.length]!));
  }
  return [median(times[0]), median(times[1])];
}

async function benchDatabase(
  kind: DatabaseKind,
  reference: Running,
  issuer: Issuer,
  tokens: Map<number, string>,
): Promise<DatabaseResult> {
  log(`\n== ${kind} ==`);
  const scale = scaleFor(kind);
  const data = await prepareData(kind, scale, { postgresUrl, regenerate: args.includes('--regenerate'), log });
  log(
    `Data: ${data.generated ? `generated in ${data.generationSeconds} s` : `cached (generated in ${data.generationSeconds} s)`}; ` +
      Object.entries(data.counts)
        .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
        .join(', '),
  );
  const users = await loadBenchUsers(data.target);
  const rot = rotations(users, scale.cohorts);
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
  const api = await startApi(data.target, issuer);
  const failures: string[] = [];
  try {
    const drainToken = tokens.get(users[0]!.n)!;
    const idleMs = await idleLatency(api.url, drainToken);
    // Warm-up: token cache, connection pool, plans.
    for (const name of TARGETS) {
      if (name === 'reference') await load(reference.url, WARMUP_S, null, tokens, 0);
      else {
        await load(api.url, WARMUP_S, rot[name], tokens, 0);
        await drain(api.url, drainToken, idleMs);
      }
    }
    const samples = new Map<TargetName, Sample[]>(TARGETS.map((t) => [t, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of TARGETS) {
        const sample =
          name === 'reference'
            ? await load(reference.url, DURATION_S, null, tokens, 0)
            : await load(api.url, DURATION_S, rot[name], tokens, round * 997);
        samples.get(name)!.push(sample);
        if (name !== 'reference') await drain(api.url, drainToken, idleMs);
        log(
          `  round ${round} ${name.padEnd(9)} ${sample.rps.toFixed(0).padStart(6)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms` +
            (sample.errors || sample.non2xx ? `  errors ${sample.errors} non-2xx ${sample.non2xx}` : ''),
        );
      }
    }
    const summarize = (s: Sample[]): Sample => ({
      rps: median(s.map((x) => x.rps)),
      p50: median(s.map((x) => x.p50)),
      p99: median(s.map((x) => x.p99)),
      errors: s.reduce((sum, x) => sum + x.errors, 0),
      non2xx: s.reduce((sum, x) => sum + x.non2xx, 0),
      requests: s.reduce((sum, x) => sum + x.requests, 0),
    });
    const ref = summarize(samples.get('reference')!);
    const targets: TargetResult[] = TARGETS.map((name) => {
      const m = summarize(samples.get(name)!);
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
        if (p99Budget !== null && m.p99 > p99Budget * (1 + NOISE_MARGIN)) {
          failures.push(`${kind} ${LABELS[name]}: p99 ${m.p99} ms, budget ${p99Budget} ms`);
        }
        if (m.errors || m.non2xx) failures.push(`${kind} ${LABELS[name]}: ${m.errors} errors, ${m.non2xx} non-2xx`);
      }
      return { target: name, label: LABELS[name], rounds: samples.get(name)!, median: m, ratio, ratioBudget };
    });

    // Latency versus history length and cohort size.
    const [yearMs, weekMs] = await latencyPair(api.url, '/api/v1/dashboard/', year, week, tokens);
    const [bigMs, smallMs] = await latencyPair(api.url, '/api/v1/social/cohort/members', bigSample, small, tokens);
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
        name: `cohort members: ${scale.cohortSize}-member cohort vs ${scale.smallCohortSize}-member cohort`,
        method,
        a: bigMs,
        b: smallMs,
        ratio: bigMs / smallMs,
        budget: COHORT_LATENCY_BUDGET,
      },
    ];
    for (const check of latency) {
      if (check.ratio > check.budget * (1 + NOISE_MARGIN)) {
        failures.push(`${kind} ${check.name}: ${check.ratio.toFixed(2)}×, budget ${check.budget}×`);
      }
    }
    printTable(kind, targets, latency);
    return { kind, scale, data, targets, latency, failures };
  } finally {
    await api.stop();
  }
}

// Requests accepted before a run ended are still being answered after it. Wait until requests
// of our own come back about as fast as on an idle server three times in a row (one fast answer
// can slip between queued statements), so the next target starts clean.
async function drain(api: string, token: string, idleMs: number) {
  const deadline = Date.now() + 120_000;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    const response = await fetch(`${api}/api/v1/auth/user-flow-status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    fast = performance.now() - t0 <= Math.max(25, 3 * idleMs) ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function idleLatency(api: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let k = 0; k < 7; k++) {
    const t0 = performance.now();
    const response = await fetch(`${api}/api/v1/auth/user-flow-status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return median(times);
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

function printTable(kind: DatabaseKind, targets: TargetResult[], latency: LatencyCheck[]) {
  log(`\n${kind}: medians of ${ROUNDS} interleaved rounds, -c${CONNECTIONS}, ${DURATION_S} s each`);
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
    log(`  ${l.name}: ${l.a.toFixed(1)} ms vs ${l.b.toFixed(1)} ms = ${l.ratio.toFixed(2)}× (budget ${l.budget}×)`);
  }
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
    method: { connections: CONNECTIONS, durationSeconds: DURATION_S, rounds: ROUNDS, noiseMargin: NOISE_MARGIN },
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
