#!/usr/bin/env node
// The API's release build: apps/api/dist/server.js and apps/api/dist/cli.js, ESM bundles for Node
// (esbuild). Our own code and @habitrack/contracts are bundled in, so a release runs without
// TypeScript, tsx or the workspace's sources; the npm packages the API depends on
// (apps/api/package.json "dependencies") stay external and are installed beside the release
// (`npm ci --omit=dev`). The build fails when anything else from node_modules would be bundled,
// e.g. a package imported by the API but missing from its dependencies.
//
// One exception, bundled too: drizzle-orm. Its package.json is 179 kB (an export for every file)
// and Node 24 reads it again for each of the ~450 modules of it we load: kept external, it made the
// release's start on Node 24 take about 2 s and 110 MiB more (scripts/verify-release.sh measures).
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const outdir = path.join(api, 'dist');
const manifest = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
// Marking a package external marks its subpaths too (fastify/..., pg/...).
const bundledPackages = ['drizzle-orm'];
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !bundledPackages.includes(name));

const startedAt = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: 'apps/api/src/server.ts', cli: 'apps/api/src/cli/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Stack traces map back to apps/api/src with `node --enable-source-maps`; the sources stay out.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

const bundled = Object.keys(result.metafile.inputs).filter(
  (input) =>
    input.includes('node_modules/') && !bundledPackages.some((name) => input.includes(`node_modules/${name}/`)),
);
if (bundled.length) {
  const names = [...new Set(bundled.map((input) => input.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1]))];
  console.error(
    `The API build would bundle npm packages: ${names.join(', ')}. ` +
      'Add them to "dependencies" in apps/api/package.json (they are then installed, not bundled).',
  );
  process.exit(1);
}

for (const file of Object.keys(result.metafile.outputs).filter((output) => output.endsWith('.js'))) {
  const kb = (statSync(path.join(root, file)).size / 1024).toFixed(0);
  console.log(`  ${file}  ${kb} kB`);
}
console.log(
  `API built in ${Date.now() - startedAt} ms (${external.length} npm packages external; ${bundledPackages.join(', ')} bundled).`,
);
