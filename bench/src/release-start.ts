// Times the release's start: `node apps/api/dist/server.js` (what the image runs) on a PGlite data
// folder that already holds the migrated demo data, from spawn to the first /readyz 200.
// The first start seeds the folder and is not counted; the figure is the median of the next RUNS,
// and the run exits 1 when this checkout's is over the 2 s budget.
// Run: npm run build && npx tsx bench/src/release-start.ts [--runs 5] [--cpu-prof DIR] [--against DIR]
//        [--node PATH] [--compile-cache both]
//   --cpu-prof DIR  each counted start writes a V8 CPU profile into DIR (Chrome DevTools reads it)
//   --against DIR   another checkout with its own build (a git worktree of an earlier commit): its
//                   starts alternate with this one's, in the same sitting, and both medians print
//   --node PATH     the node binary that runs the release (the image's is Node 24:
//                   `bash scripts/ensure-node24.sh` prints one); this process's own by default
//   --compile-cache both   each start also once more with NODE_COMPILE_CACHE set (Node 22.1 and
//                   later keep compiled modules there; the first start fills it), alternating
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { portToListenOn } from '../../apps/api/src/test/ports.ts';

const here = path.resolve(import.meta.dirname, '../..');
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const RUNS = Number(option('--runs') ?? 5);
const profileDir = option('--cpu-prof');
const against = option('--against');
const nodeBinary = option('--node') ?? process.execPath;
const withCompileCache = option('--compile-cache') === 'both';
const roots = [here, ...(against ? [path.resolve(against)] : [])];
// Issue 34: the release is healthy within 2 s with the demo data in place (docs/benchmarks.md).
const BUDGET_MS = 2_000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const serverIn = (root: string) => path.join(root, 'apps/api/dist/server.js');
for (const root of roots) {
  if (!existsSync(serverIn(root))) {
    console.error(`${serverIn(root)} is missing: run \`npm run build\` there first.`);
    process.exit(1);
  }
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
async function start(root: string, dataDir: string, profile: boolean, compileCache?: string): Promise<number> {
  const port = await portToListenOn();
  const began = performance.now();
  const child = spawn(
    nodeBinary,
    [...(profile && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), serverIn(root)],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NOTIFICATIONS_SCHEDULER: 'off',
        ...(compileCache ? { NODE_COMPILE_CACHE: compileCache } : {}),
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
  // Each checkout, and each with the compile cache when asked: the runs alternate between them.
  const cases = roots.flatMap((root, i) => {
    const plain = { label: root, root, data: path.join(folder, `data-${i}`), cache: undefined as string | undefined };
    const cached = { ...plain, label: `${root} (NODE_COMPILE_CACHE)`, cache: path.join(folder, `cache-${i}`) };
    return withCompileCache ? [plain, cached] : [plain];
  });
  const times = new Map<string, number[]>(cases.map((c) => [c.label, []]));
  for (const c of cases) {
    const first = await start(c.root, c.data, false, c.cache);
    console.log(
      `${c.label}: first start (seeds the demo data when new, fills the cache where set) ${first.toFixed(0)} ms`,
    );
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const c of cases) times.get(c.label)!.push(await start(c.root, c.data, true, c.cache));
  }
  console.log(`node ${nodeBinary}`);
  for (const [label, values] of times) {
    console.log(`${label}: starts with the demo data in place ${values.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(`${label}: median of ${RUNS} ${median(values).toFixed(0)} ms`);
  }
  // The budget holds this checkout's plain start (not the one compared against, nor the cached one).
  const held = median(times.get(here)!);
  if (held > BUDGET_MS) {
    console.error(`The release's start, median ${held.toFixed(0)} ms, is over its budget of ${BUDGET_MS} ms.`);
    process.exitCode = 1;
  } else {
    console.log(`Within the budget of ${BUDGET_MS} ms.`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
