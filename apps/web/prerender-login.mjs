#!/usr/bin/env node
// The last step of the web build (`npm run build -w apps/web`): the Login screen's markup, in every
// shipped locale, for the HTML the server sends to /login. The page is then painted from the first
// response, before any script has arrived; the app replaces the markup with the live screen once it
// has run (src/app/main.tsx). Writes dist/.prerendered/login.json, which the API reads at start
// (apps/api/src/plugins/spa.ts); the dot folder is never served as a file.
//
// Each page is dist/index.html with
// - the screen rendered by the server build of src/app/prerender/login-page.tsx (dist-ssr/),
// - the style rules that screen uses inlined, and the full style sheet moved to the end of the
//   head for print until the app has run, so it no longer holds up the first paint (Beasties,
//   critical CSS; deferFullSheet below),
// - the app's files (its entry, what the entry imports, the locale's catalog) asked for by a small
//   script in the page once the page has been painted, and no boot preload,
// - <html lang dir> of the locale and Mantine's colour scheme attribute, as the app sets them.
// One page per locale and per set of sign-in services a deployment may offer (a button is disabled
// for a service it does not): the API serves the set its configuration offers.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const web = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(web, 'dist');
const serverBuild = path.join(web, 'dist-ssr/login-page.js');
const PRODUCT_NAME = 'HabiTrack';
const OFFERINGS = {
  'azure_ad+auth0': { azure_ad: true, auth0: true },
  azure_ad: { azure_ad: true, auth0: false },
  auth0: { azure_ad: false, auth0: true },
  none: { azure_ad: false, auth0: false },
};

if (!existsSync(serverBuild)) throw new Error(`${serverBuild} is missing: run the server build first (package.json)`);
const { renderLoginPage, SUPPORTED_LOCALES } = await import(pathToFileURL(serverBuild).href);
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

// A chunk's file and the files it imports, as the browser will ask for them.
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, seen);
  return seen;
}
const entryFiles = chunkFiles('index.html');
const entry = `/${manifest['index.html'].file}`;
// What the app's first render needs besides the entry: the chunks it imports, and the locale's catalog.
function appFiles(locale) {
  const key = `src/locales/${locale}/messages.po`;
  if (!manifest[key]) throw new Error(`no catalog chunk for ${locale} in the build's manifest`);
  const catalog = [...chunkFiles(key)].filter((file) => !entryFiles.has(file));
  return [...entryFiles, ...catalog].filter((file) => `/${file}` !== entry).map((file) => `/${file}`);
}

// The app is asked for once the page has been painted (the frame after the first, then a task):
// its files (about 170 kB) never hold the screen up, whatever the connection. A script in the page
// rather than a file, which would be one more round trip before the app could start; the API allows
// this one by its hash (apps/api/src/plugins/spa.ts).
function afterPaintScript(locale) {
  return [
    'requestAnimationFrame(function () {',
    '  setTimeout(function () {',
    `    ${JSON.stringify(appFiles(locale))}.forEach(function (href) {`,
    "      var link = document.createElement('link');",
    "      link.rel = 'modulepreload';",
    "      link.crossOrigin = '';",
    '      link.href = href;',
    '      document.head.appendChild(link);',
    '    });',
    "    var app = document.createElement('script');",
    "    app.type = 'module';",
    "    app.crossOrigin = '';",
    `    app.src = ${JSON.stringify(entry)};`,
    '    document.head.appendChild(app);',
    '  });',
    '});',
  ].join('\n');
}

function replaceOnce(html, pattern, replacement, what) {
  if (!pattern.test(html)) throw new Error(`dist/index.html: ${what} not found`);
  return html.replace(pattern, () => replacement);
}

const beasties = new Beasties({
  path: dist,
  // The full sheet at the end of the body, from where deferFullSheet takes it.
  preload: 'body',
  pruneSource: false,
  reduceInlineStyles: false,
  logLevel: 'warn',
});

// Beasties moves the full sheet to the end of the body. It goes back to its place in the head, where
// the cascade needs it (the theme's variables, which Mantine writes into #root, come after it and
// win), for print only: it downloads without holding up the first paint, and the app switches it
// to every medium, once it has loaded, before it renders (src/app/deferred-styles.ts). An inline
// onload handler would do the same, but the Content Security Policy forbids those.
function deferFullSheet(html) {
  const sheet = /\s*<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">(?=\s*<\/body>)/;
  const href = html.match(sheet)?.[1];
  if (!href) throw new Error('the prerendered page has no full style sheet at the end of its body');
  return replaceOnce(
    html.replace(sheet, ''),
    /(?=<\/head>)/,
    `<link rel="stylesheet" crossorigin href="${href}" media="print" data-deferred-style>`,
    '</head>',
  ).replace(' data-beasties-container', ''); // Beasties' mark of where it looked; nothing reads it.
}

const pages = {};
for (const [offering, offered] of Object.entries(OFFERINGS)) {
  pages[offering] = {};
  for (const locale of SUPPORTED_LOCALES) {
    const { markup, lang, dir } = await renderLoginPage(locale, offered, PRODUCT_NAME);
    let html = replaceOnce(
      index,
      /<html lang="[^"]*">/,
      `<html lang="${lang}" dir="${dir}" data-mantine-color-scheme="light">`,
      '<html lang>',
    );
    // No boot script (it picks a signed-in screen's files, and adds the entry: index.html names
    // none), and the app's files asked for after the first paint (afterPaintScript).
    html = replaceOnce(html, /\s*<script src="\/assets\/boot-preload-[^"]+\.js"><\/script>/, '', 'the boot preload');
    html = replaceOnce(
      html,
      /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/,
      `<div id="root">${markup}</div>`,
      '#root',
    );
    // The script goes in last: Beasties writes the page out anew, and its hash must match it byte for byte.
    const script = afterPaintScript(locale);
    pages[offering][locale] = {
      html: replaceOnce(
        deferFullSheet(await beasties.process(html)),
        /(?=<\/body>)/,
        `<script>${script}</script>`,
        '</body>',
      ),
      scriptHash: `sha256-${createHash('sha256').update(script).digest('base64')}`,
    };
  }
}

const out = path.join(dist, '.prerendered');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'login.json'), JSON.stringify({ productName: PRODUCT_NAME, pages }));
console.log(
  `Prerendered the Login screen: ${SUPPORTED_LOCALES.length} locales × ${Object.keys(OFFERINGS).length} sets of sign-in services`,
);
