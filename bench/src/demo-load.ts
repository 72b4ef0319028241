// The dashboard of the demo as `npm start` runs it (its default settings, its request log at
// info), on the demo data on PostgreSQL: one demo member's dashboard at 50 connections against the
// bare Fastify route in its own process, rounds alternating, the median share printed.
//
//   npx tsx bench/src/demo-load.ts [--rounds=5] [--seconds=10] [--compare=<checkout>[,<checkout>…]]
//
// DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// the database habitrack_demo_load is made afresh on it. With --compare, each other checkout's demo
// runs on the same database and takes its turn in every round.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { importJWK, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import { hostedSubjectFor } from '../../dev/idp/src/people-fixture.ts';
import { benchRoot } from './data.ts';
import { CONNECTIONS, median } from './load.ts';
import { startReference, waitUntilUp } from './servers.ts';

const DATABASE = 'habitrack_demo_load';
// A demo member (apps/api/seed/people.yaml) who picks habits here, as on a first visit.
const MEMBER = 'marcus.chen@acme.example';
// The development provider's hosted service (dev/idp): what the demo's API trusts.
const AUDIENCE = 'https://api.habitrack.local';
const CLIENT_ID = 'habitrack-web';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(option('rounds') ?? 5);
const seconds = Number(option('seconds') ?? 10);
const checkouts = [benchRoot, ...(option('compare')?.split(',') ?? []).map((root) => path.resolve(root))];
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

const logs = mkdtempSync(path.join(tmpdir(), 'habitrack-demo-load-'));

type Demo = { name: string; url: string; child: ChildProcess; headers: Record<string, string> };

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
}

// `npm start` of a checkout on the port given (the development provider takes the next two).
async function startDemo(root: string, port: number): Promise<Demo> {
  const database = new URL(server.href);
  database.pathname = `/${DATABASE}`;
  const logFile = path.join(logs, `${path.basename(root)}-${port}.log`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: database.href, RATE_LIMIT_PER_MINUTE: '1000000000' },
    // Its output goes to a file, as a log collector would take it (not to /dev/null, which costs nothing).
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
    detached: true,
  });
  process.once('exit', () => stop(child));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/readyz`, child, () => `its output: ${logFile}`, 180_000);
  // The member's access token as the provider signs it (its current key, kept in its state folder).
  const [key] = (JSON.parse(readFileSync(path.join(root, '.certs/idp/signing-keys.json'), 'utf8')) as { keys: JWK[] })
    .keys;
  const token = await new SignJWT({
    email: MEMBER,
    email_verified: true,
    azp: CLIENT_ID,
    scope: 'openid profile email',
  })
    .setProtectedHeader({ alg: 'RS256', kid: key!.kid!, typ: 'at+jwt' })
    .setIssuer(`http://localhost:${port + 1}/`)
    .setAudience(AUDIENCE)
    .setSubject(hostedSubjectFor(MEMBER))
    .setIssuedAt()
    .setExpirationTime('3h')
    .sign(await importJWK(key!, 'RS256'));
  return { name: path.basename(root), url, child, headers: { authorization: `Bearer ${token}` } };
}

function stop(child: ChildProcess) {
  try {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function call(demo: Demo, method: 'GET' | 'POST', route: string, body?: object) {
  const response = await fetch(`${demo.url}${route}`, {
    method,
    headers: { ...demo.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

// Terms accepted and three habits picked, as the member would on their first visit.
async function prepareMember(demo: Demo) {
  await call(demo, 'POST', '/api/v1/auth/accept-terms', { accept_terms: true, accept_privacy: true });
  const programme = (await call(demo, 'GET', '/api/v1/programmes/current')) as { id: string };
  const behaviours = (await call(demo, 'GET', `/api/v1/programmes/${programme.id}/behaviours`)) as {
    habits: { id: string }[];
  }[];
  for (const habit of behaviours.flatMap((b) => b.habits).slice(0, 3)) {
    await call(demo, 'POST', '/api/v1/habits/select', { habit_id: habit.id });
  }
}

// The API process under the demo's `npm start` (its child running server.ts): its CPU seconds.
function apiCpuSeconds(demo: Demo): number {
  const children = readFileSync(`/proc/${demo.child.pid}/task/${demo.child.pid}/children`, 'utf8').split(' ');
  for (const pid of children.filter(Boolean)) {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/api/src/server.ts')) continue;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  }
  throw new Error('the API process of the demo was not found');
}

async function rate(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors + result.timeouts} errors`);
  }
  return result.requests.average;
}

await recreateDatabase();
const reference = await startReference();
const demos: Demo[] = [];
try {
  for (const [i, root] of checkouts.entries()) demos.push(await startDemo(root, 3900 + 10 * i));
  await prepareMember(demos[0]!);
  // Warm-up: every member's token verified, the pool and the held answers filled.
  for (const demo of demos) await rate(`${demo.url}/api/v1/dashboard/`, demo.headers);
  await rate(`${reference.url}/`);
  const shares = demos.map(() => [] as number[]);
  const cpu = demos.map(() => [] as number[]);
  for (let round = 1; round <= rounds; round++) {
    const bare = await rate(`${reference.url}/`);
    const line = [`round ${round}: reference ${bare.toFixed(0)} req/s`];
    // Each demo goes first in turn.
    for (let k = 0; k < demos.length; k++) {
      const i = (k + round) % demos.length;
      const demo = demos[i]!;
      const before = apiCpuSeconds(demo);
      const served = await rate(`${demo.url}/api/v1/dashboard/`, demo.headers);
      const microseconds = ((apiCpuSeconds(demo) - before) / (served * seconds)) * 1e6;
      shares[i]!.push(served / bare);
      cpu[i]!.push(microseconds);
      line.push(
        `${demo.name} ${served.toFixed(0)} (${((100 * served) / bare).toFixed(1)} %, ${microseconds.toFixed(0)} µs)`,
      );
    }
    console.log(line.join(', '));
  }
  demos.forEach((demo, i) =>
    console.log(
      `${demo.name}: dashboard ${(100 * median(shares[i]!)).toFixed(1)} % of the reference (median of ${rounds}), ` +
        `the API's CPU ${median(cpu[i]!).toFixed(0)} µs per request`,
    ),
  );
  console.log(`The demos' output: ${logs}`);
} finally {
  for (const demo of demos) stop(demo.child);
  await reference.stop();
}
