#!/usr/bin/env node
// `npm test`: the README's test command, and what CI (.ci/run) runs.
// Runs each step in sequence, stops at the first failure, and ends with `N passed, N failed`.
// Steps that share a `together` name run at the same time (each single-threaded: ESLint and tsc
// use one core each); their output is held and printed whole, one step after the other.
// SKIP_E2E=1 skips the Playwright step (quick local runs); the skip is reported.
// Step ids as arguments run only those steps: `npm test -- typecheck vitest`.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const skipE2e = ['1', 'true', 'yes'].includes((process.env.SKIP_E2E ?? '').toLowerCase());

/** @type {{ id: string, name: string, commands: string[][], skip?: string, together?: string }[]} */
const allSteps = [
  { id: 'lint', name: 'lint', commands: [['npm', 'run', 'lint']], together: 'static' },
  { id: 'typecheck', name: 'typecheck', commands: [['npm', 'run', 'typecheck']], together: 'static' },
  // The release as the image holds it (scripts/release/build-release.sh), run on Node 24 as an
  // unprivileged user with production settings against a new PostgreSQL database: migrate, the api
  // and worker roles, a signed request, the worker's reminder, SIGTERM (docs/operations/deploy.md).
  // First of the suites: its build (npm run build) leaves the web app that the size check measures
  // and the end-to-end servers serve, built once. It runs beside lint and typecheck: much of it
  // waits on npm and on the processes it starts (96 s for the three against 111 s in turn).
  {
    id: 'release',
    name: 'release check (Node 24, production settings)',
    commands: [['bash', 'scripts/verify-release.sh']],
    together: 'static',
  },
  // Builds the web app when stale and fails when the initial JavaScript outgrows its budget.
  { id: 'size', name: 'bundle size', commands: [['node', 'scripts/check-bundle-size.mjs']] },
  // One after the other: run side by side, Vitest and the end-to-end suite took as long as in turn
  // (499 s against 253 s + 254 s, docs/operations/ci.md#where-the-time-goes), each slowed by the other.
  { id: 'vitest', name: 'unit and API tests (vitest)', commands: [['npx', '--no', 'vitest', 'run']] },
  {
    id: 'e2e',
    name: 'end-to-end tests (playwright)',
    commands: [
      ['bash', 'scripts/ensure-chromium.sh'],
      ['npx', '--no', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    ],
    skip: skipE2e ? 'SKIP_E2E is set' : undefined,
  },
  // The API's throughput and latency budgets, short and with a noise margin (docs/benchmarks.md), on
  // PGlite and, when DATABASE_URL is set (CI), on PostgreSQL too; the full benchmark is `npm run bench`.
  // Last: nothing else runs on the machine then that would move its figures.
  {
    id: 'bench',
    name: process.env.DATABASE_URL ? 'API smoke benchmark (PostgreSQL and PGlite)' : 'API smoke benchmark (PGlite)',
    commands: [
      ['npx', '--no', 'tsx', 'bench/src/api.ts', '--smoke', process.env.DATABASE_URL ? '--db=both' : '--db=pglite'],
    ],
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((id) => !allSteps.some((step) => step.id === id));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are: ${allSteps.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const steps = wanted.length ? allSteps.filter((step) => wanted.includes(step.id)) : allSteps;
if (wanted.length) console.log(`Running only: ${steps.map((s) => s.id).join(', ')}`);

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (running.size) for (const child of running) child.kill(signal);
    else process.exit(130);
  });
}

// `held`: the output is kept and returned rather than shown as it comes (a step run beside another).
function run([command, ...args], { held = false } = {}) {
  return new Promise((resolvePromise) => {
    let output = '';
    const child = spawn(command, args, {
      cwd: root,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    running.add(child);
    if (held) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => {
      running.delete(child);
      resolvePromise({ code: 127, output: `${output}Could not start ${command}: ${error.message}\n` });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolvePromise({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const results = [];
const startedAt = Date.now();

// Runs one step's commands in order; `held`: its output is printed whole when it ends.
async function runStep(step, header, held) {
  if (!held) console.log(`\n=== ${header} ===`);
  const stepStart = Date.now();
  let code = 0;
  let output = '';
  for (const command of step.commands) {
    if (held) output += `$ ${command.join(' ')}\n`;
    else console.log(`$ ${command.join(' ')}`);
    const result = await run(command, { held });
    output += result.output;
    code = result.code;
    if (code !== 0 || interrupted) break;
  }
  const ms = Date.now() - stepStart;
  const status = code === 0 && !interrupted ? 'passed' : 'failed';
  if (held) process.stdout.write(`\n=== ${header} (run beside others) ===\n${output}`);
  console.log(
    `=== ${header}: ${status.toUpperCase()} in ${seconds(ms)}${status === 'failed' ? ` (exit ${code})` : ''} ===`,
  );
  return { step, status, ms, code };
}

// Consecutive steps with the same `together` name form one stage; a stage of one step runs as before.
const stages = [];
for (const step of steps) {
  const last = stages.at(-1);
  if (step.together && last?.[0].together === step.together) last.push(step);
  else stages.push([step]);
}

for (const stage of stages) {
  const runnable = [];
  for (const step of stage) {
    const header = `[${steps.indexOf(step) + 1}/${steps.length}] ${step.name}`;
    if (step.skip) {
      console.log(`\n=== ${header}: SKIPPED (${step.skip}) ===`);
      results.push({ step, status: 'skipped', ms: 0 });
    } else runnable.push({ step, header });
  }
  if (runnable.length > 1) {
    console.log(`\n=== Running at the same time: ${runnable.map(({ step }) => step.name).join(', ')} ===`);
  }
  const stageResults = await Promise.all(
    runnable.map(({ step, header }) => runStep(step, header, runnable.length > 1)),
  );
  results.push(...stageResults);
  if (stageResults.some((r) => r.status === 'failed')) break;
}

const notRun = steps.filter((step) => !results.some((r) => r.step === step));
console.log('\n=== Summary ===');
for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.step.name}${r.ms ? ` (${seconds(r.ms)})` : ''}`);
for (const step of notRun) console.log(`  not run ${step.name}`);
const skipped = results.filter((r) => r.status === 'skipped');
if (skipped.length) console.log(`Skipped: ${skipped.map((r) => `${r.step.name} (${r.step.skip})`).join(', ')}`);
console.log(`Total time: ${seconds(Date.now() - startedAt)}`);

const passed = results.filter((r) => r.status === 'passed').length;
const failed = results.filter((r) => r.status === 'failed').length;
console.log(`${passed} passed, ${failed} failed`);

const failure = results.find((r) => r.status === 'failed');
process.exit(failure ? failure.code || 1 : 0);
