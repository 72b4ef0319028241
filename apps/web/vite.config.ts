import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './lingui-vite.ts';
import { defineConfig, type Plugin } from 'vite';
import { SCREEN_PATHS } from './src/app/screen-paths.ts';
import { bootPreload } from './boot-preload.ts';

// In dev the API (which also serves /config.json in production) runs on its own port.
const apiTarget = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? listFiles(file) : [file];
  });
}

// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the build, which the API
// sends to browsers that accept them (apps/api/src/plugins/spa.ts): compressed once at build time
// at the highest level, instead of on every request.
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'habitrack:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// react-router's package exports send every bundler to its development build (extra checks and
// warnings, a larger and slower first chunk); a production build takes its production build.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// How the screens' code is split. Left to the bundler, every module two lazily loaded chunks share
// becomes a chunk of its own for that very set of chunks: with the administration console and the
// insights sharing Mantine components and API modules with the member's screens, the dashboard
// needed 17 chunks of mostly under 1 kB, and the habit selection 17. Over HTTP/1.1 a browser fetches
// six files at a time, so on a slow connection each further batch of six is another round trip
// before the screen can render. The groups below put the app's modules that several member screens
// share into one chunk and Mantine's shared helpers into another, so a member screen downloads
// five to nine files. What a group takes never includes the entry's own modules, and no group
// takes their dependencies along (includeDependenciesRecursively): they are loaded already.
const entryModules = new Set<string>();
function notInEntry(id: string): boolean {
  if (entryModules.size === 0) throw new Error('the entry modules were not noted before the chunk groups ran');
  return !entryModules.has(id);
}

// Every screen but the leaders', team leaders' and administrators'.
const MEMBER_SCREENS = SCREEN_PATHS.filter(([address]) => !/^\/(leader|team-leader|admin)\//.test(address)).map(
  ([, module]) => fileURLToPath(new URL(`./src/app/routes/${module}`, import.meta.url)),
);
const APP_SOURCES = /[\\/](apps[\\/]web|packages[\\/]contracts)[\\/]src[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
let memberScreensUsing: Map<string, number> | undefined;

// Whether an app module (not a screen's own) is imported, directly or not, by two or more member screens.
function sharedByMemberScreens(id: string, graph: ModuleGraph): boolean {
  if (!APP_SOURCES.test(id) || /[\\/]src[\\/]app[\\/]routes[\\/]/.test(id)) return false;
  if (!memberScreensUsing) {
    memberScreensUsing = new Map();
    for (const screen of MEMBER_SCREENS) {
      const seen = new Set<string>();
      const pending = [screen];
      while (pending.length) {
        const next = pending.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
      for (const used of seen) memberScreensUsing.set(used, (memberScreensUsing.get(used) ?? 0) + 1);
    }
  }
  return (memberScreensUsing.get(id) ?? 0) >= 2;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server build (`--ssr`, prerender-login.mjs) renders the Login screen for the HTML
  // the server sends; it is run once at build time and never shipped to a browser.
  plugins: isSsrBuild ? [linguiPlugins(), react()] : [linguiPlugins(), react(), bootPreload(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each entry and lazy route loads (scripts/check-bundle-size.mjs).
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // Zod and the module that configures it share a chunk, which therefore runs the
                // configuration before any other chunk can build a schema (src/lib/zod-setup.ts).
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-setup\.ts$/ },
                // The modules the entry loads (rolldown tags them) stay with the entry, in one chunk, and
                // are noted for the groups below. Left alone, the bundler moves the entry's modules that
                // a chunk loaded from another lazy chunk also uses (React, Mantine's core, its own
                // runtime: the insights' charts, src/features/insights/components/chart.tsx) into chunks
                // of their own, and the entry page then needs six files instead of two.
                {
                  debugName: 'entry-modules',
                  name: (id) => {
                    entryModules.add(id);
                    return 'app';
                  },
                  tags: ['$initial'],
                },
                // Mantine's small helpers that two or more lazily loaded chunks use (hooks, focus and
                // style utilities), in one chunk rather than one chunk each.
                {
                  name: 'mantine-helpers',
                  test: (id) =>
                    notInEntry(id) && /[\\/]@mantine[\\/](hooks[\\/]esm|core[\\/]esm[\\/]core)[\\/]/.test(id),
                  minShareCount: 2,
                  includeDependenciesRecursively: false,
                },
                // The app's modules that two or more member screens use, in one chunk.
                {
                  debugName: 'member-shared',
                  name: (id, context) =>
                    notInEntry(id) && sharedByMemberScreens(id, context) ? 'member-shared' : null,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/config.json': apiTarget,
    },
  },
}));
