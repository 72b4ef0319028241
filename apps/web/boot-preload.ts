import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { addressPattern, KEPT_SCREEN_PATHS, SCREEN_PATHS } from './src/app/screen-paths.ts';
import { matchLocale, SOURCE_LOCALE, SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';

// How a page starts: a tiny classic script, listed first in index.html, that
// - shows the screen the member saw last at this address today, kept by the app in this browser
//   (key "keptScreens", src/lib/kept-screens.ts, decision 026), when it is kept for the account
//   whose answers are kept (key "querySnapshot", src/lib/persisted-queries.ts) by this very build,
//   in the language the app would choose, while the sign-in SDK's entries that held the session
//   are still there: painted, not clickable (inert), and only then are the app's files asked for,
//   so that nothing of the app holds that paint up;
// - otherwise asks for the app's files at once: the entry (index.html names none: this script adds
//   it, so that a kept screen can go first) and what it imports, and a modulepreload for
//   - the chunks of the screen the address opens (src/app/screen-paths.ts; the same chunks
//     src/app/router.tsx's lazy route then imports), and a preload for their style sheets,
//   - the sign-in SDK of the provider stored by src/features/auth/utils/sign-in-choice.ts (key
//     "selectedIdpType", a JSON string; the same decision as src/features/auth/adapters/preload-sdk.ts),
//     unless the browser kept today's data of a member signed in with it: that page is shown from
//     the kept data first, and the SDK's download waits for the app so as not to slow the screen's,
//   - the catalog of the member's locale (its own chunk, src/lib/i18n/catalogs.ts), chosen as
//     src/lib/i18n/i18n.ts's preferredLocale chooses it: the member's stored choice (key "locale", a
//     JSON string), else the first of the browser's languages HabiTrack speaks (matchLocale of
//     packages/contracts, as a table of the shipped locales and the locale each language stands
//     for), else en-GB. Without it the catalog would be asked for only once the entry has run, a
//     round trip after it. (The shipped locales come from the contracts' TypeScript source: Vite
//     loads vite.config.ts with its module runner, `--configLoader runner` in package.json, which
//     compiles it; its default loader leaves a package's imports to Node.)
// The entry is asked for first and the catalog next: over HTTP/1.1 a browser opens six connections
// to a host, and the entry's files and the screen's chunks fill them, so a catalog listed last
// waited for one to free. Nothing is preloaded on a guess. A file, not inline code: the CSP forbids
// those. A classic script that blocks the parser, not an async one: it runs as soon as it arrives
// (with the style sheet), before the body is parsed.
export function bootPreload(): Plugin {
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
      handler(html, context) {
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
        // Vite's own tags for the entry and its imports leave the page: the script adds them.
        const entryTag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!html.includes(entryTag))
          throw new Error('index.html has no entry script: the boot preload cannot be built');
        const page = html.replace(entryTag, '').replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
        const appFiles = [...initial].filter((file) => file !== entry.fileName).map((file) => `/${file}`);
        const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const screens = SCREEN_PATHS.map(([address, module]) => {
          const chunk = chunkOf(new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/]${escape(module)}$`), module);
          const pattern = addressPattern(address);
          const files = [...closure(chunk.fileName)].filter((file) => !initial.has(file));
          // The screen's style sheets are preloaded too: the lazy route waits for them (Vite's
          // preload helper), and otherwise they would be asked for only once the entry has run.
          const sheets = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [
            pattern,
            files.map((file) => `/${file}`),
            [...new Set(sheets)].map((file) => `/${file}`),
            KEPT_SCREEN_PATHS.includes(address),
          ];
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
          '  function preload(href) {',
          "    var link = newLink(href, 'modulepreload');",
          "    link.crossOrigin = '';",
          '    document.head.appendChild(link);',
          '  }',
          // Asked for as Vite's preload helper asks for the sheet (crossorigin), so this very download is used.
          '  function preloadStyle(href) {',
          "    var link = newLink(href, 'preload');",
          "    link.as = 'style';",
          "    link.crossOrigin = '';",
          '    document.head.appendChild(link);',
          '  }',
          '  function today() {',
          '    var now = new Date();',
          "    var pad = function (n) { return (n < 10 ? '0' : '') + n; };",
          "    return now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());",
          '  }',
          '  function keptToday(idpType) {',
          "    var kept = read('querySnapshot');",
          "    if (!kept || typeof kept.account !== 'string' || kept.account.indexOf(idpType + ':') !== 0) return false;",
          '    var day = today();',
          '    return Array.isArray(kept.entries) && kept.entries.some(function (e) { return e && e.date === day; });',
          '  }',
          `  var entry = ${JSON.stringify(`/${entry.fileName}`)};`,
          "  var locale = 'en-GB', screen = null, keptScreen = null, idpType = null, answersToday = false;",
          '  try {',
          `    var catalogs = ${JSON.stringify(catalogs)};`,
          `    var exact = ${JSON.stringify(exactLocales)};`,
          `    var byLanguage = ${JSON.stringify(localeOfLanguage)};`,
          "    locale = read('locale');",
          '    if (!catalogs[locale]) {',
          `      locale = '${SOURCE_LOCALE}';`,
          '      var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];',
          '      for (var j = 0; j < wanted.length; j++) {',
          "        var tag = String(wanted[j] || '').trim().replace(/_/g, '-').toLowerCase();",
          "        var match = tag && (exact[tag] || byLanguage[tag.split('-')[0]]);",
          '        if (match) { locale = match; break; }',
          '      }',
          '    }',
          `    var screens = ${JSON.stringify(screens)};`,
          '    for (var i = 0; i < screens.length; i++) {',
          '      if (new RegExp(screens[i][0]).test(location.pathname)) { screen = screens[i]; break; }',
          '    }',
          "    idpType = read('selectedIdpType');",
          // Read once: the kept-screen check and the SDK's preload both ask it.
          "    answersToday = typeof idpType === 'string' && keptToday(idpType);",
          '  } catch (error) {}',
          '  try {',
          "    var kept = read('keptScreens');",
          "    var answers = read('querySnapshot');",
          '    var candidate = kept && kept.screens && kept.screens[location.pathname];',
          '    if (screen && screen[3] && candidate && answers && kept.account === answers.account && kept.date === today() &&',
          '        kept.build === entry && answersToday &&',
          "        candidate.lang === locale && typeof candidate.html === 'string' && Array.isArray(kept.sessionKeys) &&",
          '        kept.sessionKeys.length > 0 && kept.sessionKeys.every(function (key) { return !!localStorage.getItem(key); })) {',
          '      keptScreen = candidate;',
          '    }',
          '  } catch (error) {}',
          '  function startApp() {',
          '    try {',
          "      var app = document.createElement('script');",
          "      app.type = 'module';",
          "      app.crossOrigin = '';",
          '      app.src = entry;',
          '      document.head.appendChild(app);',
          `      ${JSON.stringify(appFiles)}.forEach(preload);`,
          '      if (catalogs[locale]) catalogs[locale].forEach(preload);',
          '      if (screen) {',
          '        screen[1].forEach(preload);',
          '        screen[2].forEach(preloadStyle);',
          '      }',
          `      var sdk = ${JSON.stringify(sdkFiles)}[idpType];`,
          "      if (typeof sdk === 'string' && !answersToday) preload(sdk);",
          '    } catch (error) {}',
          '  }',
          '  if (!keptScreen) {',
          '    startApp();',
          '    return;',
          '  }',
          // The screen's own style sheets first (the kept markup needs them), then the markup once the
          // body is there; the app's files once that has been painted.
          '  var waiting = 1;',
          '  function show() {',
          '    if (--waiting > 0) return;',
          '    try {',
          "      var root = document.getElementById('root');",
          '      var html = document.documentElement;',
          '      html.lang = keptScreen.lang;',
          '      html.dir = keptScreen.dir;',
          "      if (keptScreen.scheme) html.setAttribute('data-mantine-color-scheme', keptScreen.scheme);",
          '      root.inert = true;',
          "      root.setAttribute('data-kept-screen', '');",
          '      root.innerHTML = keptScreen.html;',
          '    } catch (error) {}',
          '    afterPaint(startApp);',
          '  }',
          // Once the browser reports the kept screen painted (a largest-paint entry from it: a frame
          // drawn is not yet a frame shown), or after a frame where it reports no such thing.
          '  function afterPaint(then) {',
          '    var done = false;',
          '    function go() { if (!done) { done = true; then(); } }',
          '    try {',
          "      if (PerformanceObserver.supportedEntryTypes.indexOf('largest-contentful-paint') >= 0) {",
          '        new PerformanceObserver(function (list, observer) {',
          '          var painted = list.getEntries().some(function (entry) {',
          "            return entry.element && entry.element.closest && entry.element.closest('[data-kept-screen]');",
          '          });',
          '          if (!painted) return;',
          '          observer.disconnect();',
          '          setTimeout(go, 0);',
          "        }).observe({ type: 'largest-contentful-paint', buffered: true });",
          '        setTimeout(go, 1000);',
          '        return;',
          '      }',
          '    } catch (error) {}',
          '    requestAnimationFrame(function () { setTimeout(go, 0); });',
          '  }',
          '  screen[2].forEach(function (href) {',
          '    waiting++;',
          "    var link = newLink(href, 'stylesheet');",
          "    link.crossOrigin = '';",
          '    link.onload = link.onerror = show;',
          '    document.head.appendChild(link);',
          '  });',
          "  document.addEventListener('DOMContentLoaded', show);",
          '})();',
          '',
        ].join('\n');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        script = { fileName: `assets/boot-preload-${hash}.js`, source };
        return {
          html: page,
          tags: [
            // Which build the page is, for a tab on an older one to tell (src/lib/stale-build.ts).
            { tag: 'meta', attrs: { name: 'habitrack-entry', content: `/${entry.fileName}` }, injectTo: 'head' },
            { tag: 'script', attrs: { src: `/${script.fileName}` }, injectTo: 'head' },
          ],
        };
      },
    },
    writeBundle() {
      if (!script) return;
      mkdirSync(path.join(outDir, 'assets'), { recursive: true });
      writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
}
