#!/usr/bin/env node
// Load and soak test: two API server processes on one PostgreSQL database behind nginx, with rate
// limits shared through Redis, under mixed member traffic; then the same workload against one
// instance on a second database, and the final states compared. docs/operations/load.md.
//
//   node scripts/soak/soak.mjs                 # 60 s measured (+10 s warm-up) per run
//   SOAK_SECONDS=10 node scripts/soak/soak.mjs # a quick check
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { canonicalDump, compareDumps } from './compare.mjs';
import { createDatabase, dropDatabase, members, seedDatabase } from './seed.mjs';
import { rssKiB, startApi, startIssuer, startNginx } from './stack.mjs';
import { buildOperations, EXPECTED, newTally, probe, runEach, runLoad, writesOf } from './workload.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const env = process.env;
const seconds = Number(env.SOAK_SECONDS || 60);
const warmupSeconds = Number(env.SOAK_WARMUP_SECONDS || Math.min(10, seconds));
const connections = Number(env.SOAK_CONNECTIONS || 100);
const userCount = Number(env.SOAK_USERS || 300);
const postgresUrl = (env.SOAK_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const redisUrl = env.SOAK_REDIS_URL === 'off' ? undefined : env.SOAK_REDIS_URL || 'redis://127.0.0.1:6379';
// Memory is "flat" when an instance's resident set grows by at most this much between the end of
// the warm-up and the end of the measured run (see docs/operations/load.md for the reasoning).
const rssGrowthLimitMiB = Number(env.SOAK_RSS_GROWTH_MIB || 64);
// The tighter check: V8 heap in use after a full GC, which a per-request leak raises steadily.
const heapGrowthLimitMiB = Number(env.SOAK_HEAP_GROWTH_MIB || 16);

const runId = `${Date.now().toString(36)}${process.pid}`;

const mib = (kib) => (kib / 1024).toFixed(1);
const log = (...args) => console.log('[soak]', ...args);

function check(condition, failures, message) {
  if (!condition) failures.push(message);
  return condition;
}

async function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(1000);
    socket.once('connect', () => resolve(true) || socket.destroy());
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false) || socket.destroy());
  });
}

function stripIds(value) {
  if (Array.isArray(value)) return value.map(stripIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'id' && !key.endsWith('_id'))
        .map(([key, v]) => [key, stripIds(v)]),
    );
  }
  return value;
}

// What members see at the end: every member's dashboard and every cohort's standings (from its
// first member's point of view), without ids.
async function readBack(url, people, tokens) {
  const views = {};
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const p = people[next++];
      const headers = { authorization: `Bearer ${tokens.get(p.email)}` };
      const dashboard = await fetch(`${url}/api/v1/dashboard`, { headers });
      views[`dashboard ${p.email}`] = [dashboard.status, stripIds(await dashboard.json())];
      if (people.find((q) => q.cohort === p.cohort) === p) {
        const standings = await fetch(`${url}/api/v1/social/cohort/members`, { headers });
        const body = await standings.json();
        views[`standings ${p.cohort}`] = [
          standings.status,
          Array.isArray(body)
            ? body.map((m) => [
                m.user.email,
                m.rank,
                m.total_progress_percentage,
                m.current_streak,
                m.total_endorsements,
                m.endorsed_today,
              ])
            : body,
        ];
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return Object.fromEntries(Object.entries(views).sort(([a], [b]) => a.localeCompare(b)));
}

async function runScenario({ name, instances, useRedis, people, issuer, tokens, scratch, now }) {
  const database = `habitrack_soak_${runId}_${instances}`;
  const databaseUrl = `${postgresUrl}/${database}`;
  log(`${name}: creating and seeding database ${database}`);
  await createDatabase(postgresUrl, database);
  const cleanups = [];
  // Interrupted (Ctrl-C): stop the servers and nginx and drop the database before leaving.
  const interrupted = async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    if (!env.SOAK_KEEP_DATABASES) await dropDatabase(postgresUrl, database).catch(() => undefined);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    for (const line of await seedDatabase({ root, databaseUrl, people, scratch })) log(`${name}: ${line}`);
    const apiEnv = {
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...issuer.env,
      ...(useRedis ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `soak:${runId}:` } : {}),
    };
    const apis = [];
    for (let i = 0; i < instances; i++) {
      const api = await startApi({
        root,
        name: `${name.replace(/\W+/g, '-')}-api-${i + 1}`,
        env: apiEnv,
        logDir: scratch,
      });
      cleanups.unshift(api.stop);
      apis.push(api);
    }
    const nginx = await startNginx({ scratch: path.join(scratch, name.replace(/\W+/g, '-')), upstreams: apis });
    cleanups.unshift(nginx.stop);
    log(`${name}: ${apis.map((a) => `${a.name} pid ${a.pid} on ${a.port}`).join(', ')}; nginx on ${nginx.url}`);

    const ops = await buildOperations({ databaseUrl, people, tokens, now });
    const tally = newTally();
    // First sign-in of every member (links the identity), then warm-up under the same traffic.
    await runEach({
      url: nginx.url,
      ops: people.map((p) => ({
        kind: 'sign-in',
        method: 'GET',
        path: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${tokens.get(p.email)}` },
      })),
      tally,
    });
    const idleLatency = await probe({ url: nginx.url, ops });
    log(`${name}: median latency of one request at a time (ms): ${JSON.stringify(idleLatency)}`);
    const cursor = { next: 0 };
    if (warmupSeconds > 0) await runLoad({ url: nginx.url, ops, seconds: warmupSeconds, connections, tally, cursor });
    const memoryStart = await Promise.all(apis.map((a) => a.memoryAfterGc()));
    const samples = apis.map(() => []);
    const sampler = setInterval(() => apis.forEach((a, i) => samples[i].push(rssKiB(a.pid))), 5_000);
    log(`${name}: warm-up done (${cursor.next} requests); measuring for ${seconds} s at ${connections} connections`);
    const measured = newTally();
    const result = await runLoad({ url: nginx.url, ops, seconds, connections, tally: measured, cursor });
    clearInterval(sampler);
    const rssLoaded = apis.map((a) => rssKiB(a.pid));
    const memoryEnd = await Promise.all(apis.map((a) => a.memoryAfterGc()));
    const sharedCounters = useRedis ? await redisCounters(`soak:${runId}:rate:requests:`) : null;
    const sweep = newTally();
    const writes = writesOf(ops);
    await runEach({ url: nginx.url, ops: writes, tally: sweep });
    const views = await readBack(nginx.url, people, tokens);
    const logLines = apis.flatMap((a) => a.logLines());
    return {
      name,
      apis,
      sharedCounters,
      result,
      tally,
      measured,
      sweep,
      writes,
      memoryStart,
      rssLoaded,
      memoryEnd,
      samples,
      views,
      logLines,
      nginxErrors: nginx.errorLog(),
      dump: await canonicalDump(databaseUrl),
    };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    for (const cleanup of cleanups) await cleanup();
    if (!env.SOAK_KEEP_DATABASES) await dropDatabase(postgresUrl, database);
  }
}

// The per-user counters both instances wrote in Redis during the last minute (then removed).
async function redisCounters(prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    const values = keys.length ? await redis.mget(...keys) : [];
    if (keys.length) await redis.del(...keys);
    return { keys: keys.length, requests: values.reduce((sum, v) => sum + Number(v ?? 0), 0) };
  } finally {
    redis.disconnect();
  }
}

function report(run, failures) {
  const { result } = run;
  console.log(`\n=== ${run.name} ===`);
  console.log(
    `requests ${result.requests.total} in ${result.duration.toFixed(1)} s: ${result.requests.average.toFixed(0)} req/s ` +
      `(p50 ${result.requests.p50}); latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `errors ${result.errors}, timeouts ${result.timeouts}, status codes ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])))}`,
  );
  for (const [label, tally] of [
    ['measured', run.measured],
    ['sweep', run.sweep],
    ['sign-in and warm-up', run.tally],
  ]) {
    console.log(`${label} by operation: ${JSON.stringify(tally.byKind)}`);
    check(
      tally.unexpectedCount === 0,
      failures,
      `${run.name}, ${label}: ${tally.unexpectedCount} unexpected statuses, e.g. ${JSON.stringify(tally.unexpected.slice(0, 3))}`,
    );
  }
  if (run.sharedCounters) {
    console.log(
      `rate limits shared through Redis: ${run.sharedCounters.keys} per-user counters holding ` +
        `${run.sharedCounters.requests} requests of the last minute`,
    );
    check(run.sharedCounters.keys > 0, failures, `${run.name}: no rate-limit counters in Redis`);
  }
  const conflicts = ['mood', 'endorsement'].map((k) => `${k} ${run.measured.byKind[k]?.[409] ?? 0}`).join(', ');
  console.log(`once-only repeats answered 409 (expected) during the measured run: ${conflicts}`);
  check(
    result.errors === 0 && result.timeouts === 0,
    failures,
    `${run.name}: ${result.errors} errors, ${result.timeouts} timeouts`,
  );
  const expectedTotal = Object.values(run.measured.byKind).reduce(
    (sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0),
    0,
  );
  check(expectedTotal > 0, failures, `${run.name}: no responses recorded`);
  run.apis.forEach((api, i) => {
    const [start, end] = [run.memoryStart[i], run.memoryEnd[i]];
    const growth = (end.rssKiB - start.rssKiB) / 1024;
    console.log(
      `${api.name} RSS after warm-up ${mib(start.rssKiB)} MiB, at end ${mib(end.rssKiB)} MiB (growth ${growth.toFixed(1)} MiB); ` +
        `V8 heap in use ${mib(start.heapUsedKiB)} -> ${mib(end.heapUsedKiB)} MiB; both after a full GC. ` +
        `RSS under load every 5 s: ${run.samples[i].map(mib).join(' ')}, last ${mib(run.rssLoaded[i])}`,
    );
    check(
      growth <= rssGrowthLimitMiB,
      failures,
      `${api.name}: RSS grew by ${growth.toFixed(1)} MiB (> ${rssGrowthLimitMiB} MiB)`,
    );
    const heapGrowth = (end.heapUsedKiB - start.heapUsedKiB) / 1024;
    check(
      heapGrowth <= heapGrowthLimitMiB,
      failures,
      `${api.name}: V8 heap in use grew by ${heapGrowth.toFixed(1)} MiB (> ${heapGrowthLimitMiB} MiB)`,
    );
  });
  const serious = run.logLines.filter((line) => JSON.parse(line).level >= 50);
  const messages = {};
  for (const line of run.logLines) {
    const { msg } = JSON.parse(line);
    messages[msg] = (messages[msg] ?? 0) + 1;
  }
  console.log(
    `server log: ${run.logLines.length} warnings or errors (${serious.length} errors): ${JSON.stringify(messages)}`,
  );
  check(
    serious.length === 0,
    failures,
    `${run.name}: the servers logged errors, e.g. ${serious.slice(0, 2).join(' | ')}`,
  );
  const upstreamErrors = run.nginxErrors.split('\n').filter((l) => /\[(error|crit|alert|emerg)\]/.test(l));
  check(
    upstreamErrors.length === 0,
    failures,
    `${run.name}: nginx logged errors, e.g. ${upstreamErrors.slice(0, 2).join(' | ')}`,
  );
}

async function main() {
  const ensure = spawnSync('bash', [path.join(here, 'ensure-nginx.sh')], { stdio: 'inherit' });
  if (ensure.status !== 0) throw new Error('nginx is not available and could not be installed');
  const useRedis = Boolean(redisUrl) && (await reachable(redisUrl));
  if (redisUrl && !useRedis)
    log(`Redis at ${redisUrl} is not reachable: the instances count rate limits each on their own`);
  const scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-soak-'));
  const issuer = await startIssuer();
  const failures = [];
  try {
    const people = members({ count: userCount, cohortSize: 25 });
    const tokens = new Map();
    for (const p of people) tokens.set(p.email, await issuer.token(p.email, `auth0|soak-${p.index}`));
    const now = new Date();
    const common = { people, issuer, tokens, scratch, now };
    log(
      `${people.length} members in ${new Set(people.map((p) => p.cohort)).size} cohorts; ${seconds} s measured after ${warmupSeconds} s warm-up`,
    );
    const pair = await runScenario({ ...common, name: 'two instances behind nginx', instances: 2, useRedis });
    const single = await runScenario({ ...common, name: 'one instance behind nginx', instances: 1, useRedis: false });
    for (const run of [pair, single]) report(run, failures);

    console.log('\n=== same final state as one instance ===');
    const differences = compareDumps(pair.dump, single.dump);
    console.log(
      Object.entries(pair.dump)
        .map(([table, rows]) => `${table} ${rows.length}`)
        .join(', '),
    );
    check(differences.length === 0, failures, `the databases differ: ${JSON.stringify(differences)}`);
    const viewDiffs = Object.keys({ ...pair.views, ...single.views }).filter(
      (key) => JSON.stringify(pair.views[key]) !== JSON.stringify(single.views[key]),
    );
    console.log(`${Object.keys(pair.views).length} dashboards and standings read back; ${viewDiffs.length} differ`);
    check(
      viewDiffs.length === 0,
      failures,
      `members' views differ: ${viewDiffs
        .slice(0, 3)
        .map(
          (k) =>
            `${k}: ${JSON.stringify(pair.views[k]).slice(0, 300)} vs ${JSON.stringify(single.views[k]).slice(0, 300)}`,
        )
        .join(' | ')}`,
    );
    for (const key of Object.keys(pair.views))
      check(pair.views[key][0] === 200, failures, `${key}: status ${pair.views[key][0]}`);
    // Once-only writes: across the whole run each (member, day) mood and each endorsement was
    // created at most once, and the sweep left exactly one row per write in the list.
    for (const run of [pair, single]) {
      const created = (kind) =>
        [run.tally, run.measured, run.sweep].reduce((n, t) => n + (t.byKind[kind]?.[201] ?? 0), 0);
      const distinct = (kind) => run.writes.filter((op) => op.kind === kind).length;
      for (const kind of ['mood', 'endorsement', 'habit-log']) {
        check(
          created(kind) <= distinct(kind),
          failures,
          `${run.name}: ${created(kind)} ${kind} created for ${distinct(kind)} distinct writes`,
        );
      }
    }
  } finally {
    await issuer.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\nexpected statuses per operation: ${JSON.stringify(EXPECTED)}`);
  if (failures.length) {
    console.error(`\nFAILED (${failures.length}):\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nPASSED: no errors, no unexpected statuses, same final state as one instance, memory flat.');
}

main().catch((error) => {
  console.error('[soak] failed to run:', error);
  process.exit(1);
});
