#!/usr/bin/env node
// `npm run test:resilience`: the long fault tests, not part of `npm test`.
//   1. kill -9 the API ten times mid-write on PGlite, then on PostgreSQL, and check that no
//      acknowledged write is lost (scripts/resilience/kill-test.ts);
//   2. the load/soak test (scripts/soak/soak.mjs), when present;
//   3. background work under kill -9 (scripts/soak/background.ts): two API processes and a worker on
//      PostgreSQL, a reminder wave and a SCIM burst in flight, the worker killed mid-send.
// A short run of step 1 (one kill each) is part of `npm test` (scripts/resilience/kill-test.test.ts).
// Stops at the first failure. KILLS=n changes the number of kills per database; SKIP_POSTGRES=1
// runs the PGlite part only (a machine without PostgreSQL); SKIP_SOAK=1 leaves out steps 2 and 3.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kills = process.env.KILLS || '10';
const flag = (name) => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());
const skipPostgres = flag('SKIP_POSTGRES');
const skipSoak = flag('SKIP_SOAK');
const tsx = ['--import', 'tsx'];

const steps = [
  { name: 'kill -9 on PGlite', args: [...tsx, 'scripts/resilience/kill-test.ts', '--db', 'pglite', '--kills', kills] },
  skipPostgres
    ? { name: 'kill -9 on PostgreSQL', skip: 'SKIP_POSTGRES is set' }
    : {
        name: 'kill -9 on PostgreSQL',
        args: [...tsx, 'scripts/resilience/kill-test.ts', '--db', 'postgres', '--kills', kills],
      },
  skipSoak
    ? { name: 'load and soak', skip: 'SKIP_SOAK is set' }
    : existsSync(path.join(root, 'scripts/soak/soak.mjs'))
      ? { name: 'load and soak', args: ['scripts/soak/soak.mjs'] }
      : { name: 'load and soak', skip: 'scripts/soak/soak.mjs is not there' },
  skipSoak || skipPostgres
    ? {
        name: 'background work under kill -9',
        skip: skipSoak ? 'SKIP_SOAK is set' : 'SKIP_POSTGRES is set',
      }
    : { name: 'background work under kill -9', args: [...tsx, 'scripts/soak/background.ts'] },
];

let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) current.kill(signal);
    process.exit(130);
  });
}

function run(args) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
    current.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const results = [];
for (const step of steps) {
  if (step.skip) {
    console.log(`\n=== ${step.name}: SKIPPED (${step.skip}) ===`);
    results.push({ step, status: 'skipped' });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const startedAt = Date.now();
  const code = await run(step.args);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  const status = code === 0 ? 'passed' : 'failed';
  results.push({ step, status, seconds, code });
  console.log(`=== ${step.name}: ${status.toUpperCase()} in ${seconds}s ===`);
  if (code !== 0) break;
}

console.log('\n=== Resilience summary ===');
for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.step.name}${r.seconds ? ` (${r.seconds}s)` : ''}`);
const failure = results.find((r) => r.status === 'failed');
process.exit(failure ? failure.code || 1 : 0);
