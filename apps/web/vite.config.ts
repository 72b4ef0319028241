import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './lingui-vite.ts';
import { defineConfig, type Plugin } from 'vite';
import { SCREEN_PATHS } from './src/app/screen-paths.ts';
import { matchLocale, SOURCE_LOCALE, SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';

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

// What a page needs first starts downloading with the page's own scripts, not after them: a tiny
// classic script, listed first in index.html, adds a modulepreload for
// - the chunks of the screen the address opens (src/app/screen-paths.ts; the same chunks
//   src/app/router.tsx's lazy route then imports), and a preload for their style sheets, and
// - the sign-in SDK of the provider stored by src/features/auth/utils/sign-in-choice.ts (key "selectedIdpType", a JSON
//   string; the same decision as src/features/auth/adapters/preload-sdk.ts), unless the browser
//   kept today's data of a member signed in with it (key "querySnapshot", src/lib/persisted-queries.ts):
//   that page is shown from the kept data first, and the SDK's download waits for the app so as not
//   to slow the screen's.
// - the catalog of the member's locale (its own chunk, src/lib/i18n/catalogs.ts), chosen as
//   src/lib/i18n/i18n.ts's preferredLocale chooses it: the member's stored choice (key "locale", a
//   JSON string), else the first of the browser's languages HabiTrack speaks (matchLocale of
//   packages/contracts, as a table of the shipped locales and the locale each language stands for),
//   else en-GB. Without it the catalog would be asked for only once the entry has run, a round trip
//   after it. (The shipped locales come from the contracts' TypeScript source: Vite loads this file
//   with its module runner, `--configLoader runner` in package.json, which compiles it; its default
//   loader leaves a package's imports to Node.)
// The catalog is asked for first: over HTTP/1.1 a browser opens six connections to a host, and the
// entry's files and the screen's chunks fill them, so a catalog listed last waited for one to free.
// Nothing is preloaded on a guess. A file, not inline code: the CSP forbids those. A classic script
// that blocks the parser, not an async one: it then runs as soon as it arrives (with the style
// sheet, while the entry chunk is still downloading) and always before the entry, whereas an async
// script waited for the entry chunk's evaluation when both arrived together, and the screen's chunks
// and the catalog were asked for only after it. It holds nothing else up: the page paints nothing
// before the style sheet, which it arrives with.
function bootPreload(): Plugin {
  let outDir = '';
  let script: { fileName: string; source: string } | undefined;
  return {
    name: 'habitrack:boot-preload',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const chunkOf = (pattern: RegExp, what: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId && pattern.test(c.facadeModuleId));
          if (!chunk) throw new Error(`no chunk for ${what}: the boot preload cannot be built`);
          return chunk;
        };
        // A chunk and what it imports statically, less what the entry already loads.
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('no entry chunk: the boot preload cannot be built');
        const initial = closure(entry.fileName);
        const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const screens = SCREEN_PATHS.map(([address, module]) => {
          const chunk = chunkOf(new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/]${escape(module)}$`), module);
          const pattern = `^${address
            .split('/')
            .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
            .join('/')}/?$`;
          const files = [...closure(chunk.fileName)].filter((file) => !initial.has(file));
          // The screen's style sheets are preloaded too: the lazy route waits for them (Vite's
          // preload helper), and otherwise they would be asked for only once the entry has run.
          const sheets = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [pattern, files.map((file) => `/${file}`), [...new Set(sheets)].map((file) => `/${file}`)];
        });
        const sdkFiles = {
          auth0: `/${chunkOf(/[\\/]@auth0[\\/]auth0-spa-js[\\/]/, 'auth0-spa-js').fileName}`,
          azure_ad: `/${chunkOf(/[\\/]@azure[\\/]msal-browser[\\/]dist[\\/]index\.mjs$/, 'msal-browser').fileName}`,
        };
        // Each shipped locale's catalog chunk, and the tables its choice reads.
        const catalogs = Object.fromEntries(
          chunks.flatMap((chunk) => {
            const locale = chunk.facadeModuleId?.match(/[\\/]src[\\/]locales[\\/]([^\\/]+)[\\/]messages\.po$/)?.[1];
            if (!locale || !(SUPPORTED_LOCALES as readonly string[]).includes(locale)) return [];
            return [
              [locale, [...closure(chunk.fileName)].filter((file) => !initial.has(file)).map((file) => `/${file}`)],
            ];
          }),
        );
        const missing = SUPPORTED_LOCALES.filter((locale) => !catalogs[locale]);
        if (missing.length)
          throw new Error(`no catalog chunk for ${missing.join(', ')}: the boot preload cannot be built`);
        const exactLocales = Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale.toLowerCase(), locale]));
        const localeOfLanguage = Object.fromEntries(
          SUPPORTED_LOCALES.flatMap((locale) => {
            const language = locale.split('-')[0]!.toLowerCase();
            const match = matchLocale(language);
            return match ? [[language, match]] : [];
          }),
        );
        const source = [
          '(function () {',
          "  function read(key) { return JSON.parse(localStorage.getItem(key) || 'null'); }",
          '  function newLink(href, rel) {',
          "    var link = document.createElement('link');",
          '    link.rel = rel;',
          '    link.href = href;',
          '    return link;',
          '  }',
          "  function preload(href) { document.head.appendChild(newLink(href, 'modulepreload')); }",
          // Asked for as Vite's preload helper asks for the sheet (crossorigin), so this very download is used.
          '  function preloadStyle(href) {',
          "    var link = newLink(href, 'preload');",
          "    link.as = 'style';",
          "    link.crossOrigin = '';",
          '    document.head.appendChild(link);',
          '  }',
          '  function keptToday(idpType) {',
          "    var kept = read('querySnapshot');",
          "    if (!kept || typeof kept.account !== 'string' || kept.account.indexOf(idpType + ':') !== 0) return false;",
          '    var now = new Date();',
          "    var pad = function (n) { return (n < 10 ? '0' : '') + n; };",
          "    var today = now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());",
          '    return Array.isArray(kept.entries) && kept.entries.some(function (e) { return e && e.date === today; });',
          '  }',
          '  try {',
          `    var catalogs = ${JSON.stringify(catalogs)};`,
          `    var exact = ${JSON.stringify(exactLocales)};`,
          `    var byLanguage = ${JSON.stringify(localeOfLanguage)};`,
          "    var locale = read('locale');",
          '    if (!catalogs[locale]) {',
          `      locale = '${SOURCE_LOCALE}';`,
          '      var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];',
          '      for (var j = 0; j < wanted.length; j++) {',
          "        var tag = String(wanted[j] || '').trim().replace(/_/g, '-').toLowerCase();",
          "        var match = tag && (exact[tag] || byLanguage[tag.split('-')[0]]);",
          '        if (match) { locale = match; break; }',
          '      }',
          '    }',
          '    catalogs[locale].forEach(preload);',
          '  } catch (error) {}',
          '  try {',
          `    var screens = ${JSON.stringify(screens)};`,
          '    for (var i = 0; i < screens.length; i++) {',
          '      if (new RegExp(screens[i][0]).test(location.pathname)) {',
          '        screens[i][1].forEach(preload);',
          '        screens[i][2].forEach(preloadStyle);',
          '        break;',
          '      }',
          '    }',
          "    var idpType = read('selectedIdpType');",
          `    var sdk = ${JSON.stringify(sdkFiles)}[idpType];`,
          "    if (typeof sdk === 'string' && !keptToday(idpType)) preload(sdk);",
          '  } catch (error) {}',
          '})();',
          '',
        ].join('\n');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/boot-preload-${hash}.js`, source };
        return [{ tag: 'script', attrs: { src: `/${script.fileName}` }, injectTo: 'head' }];
      },
    },
    writeBundle() {
      if (!script) return;
      mkdirSync(path.join(outDir, 'assets'), { recursive: true });
      writeFileSync(path.join(outDir, script.fileName), script.source);
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
