// Times the release's start: `node apps/api/dist/server.js` (what the image runs) on a PGlite data
// folder that already holds the migrated demo data, from spawn to the first /readyz 200.
// The first start seeds the folder and is not counted; the figure is the median of the next RUNS.
// Run: npm run build && npx tsx bench/src/release-start.ts [--runs 5] [--cpu-prof DIR] [--against DIR]
//   --cpu-prof DIR  each counted start writes a V8 CPU profile into DIR (Chrome DevTools reads it)
//   --against DIR   another checkout with its own build (a git worktree of an earlier commit): its
//                   starts alternate with this one's, in the same sitting, and both medians print
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const here = path.resolve(import.meta.dirname, '../..');
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const RUNS = Number(option('--runs') ?? 5);
const profileDir = option('--cpu-prof');
const against = option('--against');
const roots = [here, ...(against ? [path.resolve(against)] : [])];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const serverIn = (root: string) => path.join(root, 'apps/api/dist/server.js');
for (const root of roots) {
  if (!existsSync(serverIn(root))) {
    console.error(`${serverIn(root)} is missing: run \`npm run build\` there first.`);
    process.exit(1);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function readyAt(port: number, deadline: number): Promise<boolean> {
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

// One start: the milliseconds from spawn to /readyz 200, then a SIGTERM and the exit waited for.
async function start(root: string, dataDir: string, profile: boolean): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(
    process.execPath,
    [...(profile && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), serverIn(root)],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NOTIFICATIONS_SCHEDULER: 'off',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = await readyAt(port, began + 120_000);
  const ms = performance.now() - began;
  child.kill('SIGTERM');
  await exited;
  if (!ready) throw new Error('The release did not become ready within 120 s');
  return ms;
}

const folder = mkdtempSync(path.join(tmpdir(), 'habitrack-release-start-'));
try {
  const times = new Map<string, number[]>(roots.map((root) => [root, []]));
  const dataDirs = new Map(roots.map((root, i) => [root, path.join(folder, `data-${i}`)]));
  for (const root of roots) {
    const first = await start(root, dataDirs.get(root)!, false);
    console.log(`${root}: first start (migrates and seeds the demo data) ${first.toFixed(0)} ms`);
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const root of roots) times.get(root)!.push(await start(root, dataDirs.get(root)!, true));
  }
  for (const [root, values] of times) {
    console.log(`${root}: starts with the demo data in place ${values.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(`${root}: median of ${RUNS} ${median(values).toFixed(0)} ms`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
