#!/usr/bin/env node
// `npm run size`: how much JavaScript the web app's first page load needs, from the built
// apps/web/dist (rebuilt first when its sources are newer). The initial JS is the entry chunk and
// every chunk it imports statically (Vite's .vite/manifest.json); each lazily loaded chunk (a
// screen, a sign-in SDK, a dialog) is listed with what it adds on top. Sizes are gzip level 9 in
// kB of 1,000 bytes. Exits 1 when a budget below is exceeded.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGETS = {
  // Everything the browser downloads before the app can run (entry page).
  initialJsKb: 200,
  // What any one lazily loaded screen or SDK adds to that.
  lazyChunkKb: 100,
  // Lazy chunks with a budget of their own, each with its reason. The insights' charts (issue 20)
  // are drawn with @mantine/charts, which is built on recharts (with its redux store and d3 scales):
  // about 140 kB gzip that no other screen loads. They are their own chunk, loaded when the first
  // chart of the insights screens is about to be drawn, so the initial JS, every member's screen and
  // the insights screens themselves stay within the common budget. The budget is the chunk's size
  // when it was set (143 kB) plus about 10 % headroom.
  namedLazyChunksKb: {
    'src/features/insights/components/drawn-chart.tsx': 158,
  },
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

/**
 * From a Vite manifest: the entry's initial chunks (itself and its static imports, transitively)
 * and, for each lazily loaded chunk, the chunks it needs beyond the initial ones.
 * `sizeOf(file)` returns a chunk file's size in bytes.
 */
export function measureBundle(manifest, sizeOf) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  const [entryKey] = entries[0];

  const staticClosure = (key, into = new Set()) => {
    if (into.has(key)) return into;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
    into.add(key);
    for (const imported of chunk.imports ?? []) staticClosure(imported, into);
    return into;
  };
  const bytesOf = (keys) => [...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0);

  const initial = staticClosure(entryKey);
  const css = new Set([...initial].flatMap((key) => manifest[key].css ?? []));

  // Every chunk reachable through a dynamic import, from the entry or from another lazy chunk.
  const lazyKeys = new Set();
  const pending = [...initial];
  while (pending.length) {
    const key = pending.pop();
    for (const dynamic of manifest[key].dynamicImports ?? []) {
      if (lazyKeys.has(dynamic) || initial.has(dynamic)) continue;
      lazyKeys.add(dynamic);
      pending.push(...staticClosure(dynamic));
    }
  }
  const lazy = [...lazyKeys]
    .map((key) => {
      const extra = [...staticClosure(key)].filter((k) => !initial.has(k));
      return { name: manifest[key].name ?? key, source: key, file: manifest[key].file, bytes: bytesOf(extra) };
    })
    .sort((a, b) => b.bytes - a.bytes);

  return {
    initial: { files: [...initial].map((key) => manifest[key].file), bytes: bytesOf(initial) },
    initialCss: { files: [...css], bytes: [...css].reduce((sum, file) => sum + sizeOf(file), 0) },
    lazy,
  };
}

/** Budget messages for a measurement; empty when everything fits. */
export function budgetFailures(measurement, budgets = BUDGETS) {
  const failures = [];
  const kb = (bytes) => bytes / 1000;
  if (kb(measurement.initial.bytes) > budgets.initialJsKb) {
    failures.push(
      `initial JS is ${kb(measurement.initial.bytes).toFixed(1)} kB gzip, over the ${budgets.initialJsKb} kB budget`,
    );
  }
  for (const chunk of measurement.lazy) {
    const budget = budgets.namedLazyChunksKb?.[chunk.source] ?? budgets.lazyChunkKb;
    if (kb(chunk.bytes) > budget) {
      failures.push(
        `lazy chunk ${chunk.source} adds ${kb(chunk.bytes).toFixed(1)} kB gzip, over the ${budget} kB budget`,
      );
    }
  }
  return failures;
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), 0);
}

function buildIsStale() {
  if (!existsSync(manifestFile)) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'prerender-login.mjs', 'package.json'].map((p) =>
    path.join(web, p),
  );
  const newest = Math.max(...sources.map(newestMtime), newestMtime(path.join(root, 'packages/contracts/src')));
  return newest > statSync(manifestFile).mtimeMs;
}

function main() {
  if (buildIsStale()) {
    console.log('The web build is missing or older than its sources: building...');
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) {
      console.error('The web app did not build; see the messages above.');
      process.exit(built.status ?? 1);
    }
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const gzipBytes = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const measurement = measureBundle(manifest, gzipBytes);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(6)} kB`;

  console.log(`Initial JS (entry page): ${kb(measurement.initial.bytes)} gzip, budget ${BUDGETS.initialJsKb} kB`);
  for (const file of measurement.initial.files) console.log(`  ${kb(gzipBytes(file))}  ${file}`);
  console.log(`Initial CSS: ${kb(measurement.initialCss.bytes)} gzip`);
  console.log(`Lazily loaded chunks (added on top of the initial JS), budget ${BUDGETS.lazyChunkKb} kB each:`);
  for (const chunk of measurement.lazy) {
    const own = BUDGETS.namedLazyChunksKb[chunk.source];
    console.log(`  ${kb(chunk.bytes)}  ${chunk.source}${own === undefined ? '' : ` (own budget ${own} kB)`}`);
  }

  const failures = budgetFailures(measurement);
  if (failures.length) {
    console.error(`\nBundle budget exceeded:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\nWithin the bundle budgets.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
