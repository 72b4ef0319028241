import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const featuresDir = join(root, web, 'features');

// Read from disk so a new feature folder is isolated without anyone editing this file.
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

// Features never import each other (docs/conventions.md#features-do-not-import-each-other, as in
// bulletproof-react); app/ composes them, and shared code (components, lib) stays independent of
// both.
const webZones = [
  ...features.map((name) => ({
    target: `./${web}/features/${name}`,
    from: `./${web}/features`,
    except: [`./${name}`],
    message: 'Features must not import other features; compose them in src/app instead.',
  })),
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    message: 'Features must not import from src/app.',
  },
  {
    target: [`./${web}/components`, `./${web}/lib`],
    from: [`./${web}/features`, `./${web}/app`],
    message: 'Shared code (components, lib) must not import features or app.',
  },
];

// Every text a person sees in the web app comes from a catalog (docs/decisions/
// 021-internationalisation-with-lingui.md#every-text-through-a-catalog): a string literal outside a
// Lingui macro is an error, in JSX, in an attribute or anywhere else, unless it is plainly not words
// for people: it has no letters, is an identifier, a path or a file name, an HTTP method or a
// constant's name, or it is the value of a prop, property or variable that never holds text (below),
// or an argument to a call that takes none. Tests, test kits and the catalogs' checks are left out.
const webTestFiles = [`${web}/**/*.test.{ts,tsx}`, `${web}/test/**`, `${web}/**/testing/**`, `${web}/locales/*.ts`];
const unlocalizedStrings = {
  ignore: [
    // Paths, addresses and selectors.
    '^(/|\\?|https?:|mailto:|#|\\.|\\[|\\(|--)',
    // Identifiers, keys, file names, CSS lengths: lower case, digits and punctuation, no spaces.
    '^[-_.:/@?=&#a-z0-9]*$',
    '^[a-z][a-zA-Z0-9]*$',
    // Locale tags (en-GB, pseudo-LOCALE) and CSS functions (var(...)).
    '^[a-z]{2,8}(-[A-Za-z0-9]+)*$',
    '^[a-z-]+\\(',
    // HTTP methods and header-like constants.
    '^[A-Z][A-Z0-9_]*$',
  ],
  ignoreNames: [
    {
      regex: {
        pattern:
          '^(className|classNames|variant|size|color|c|bg|fw|fz|ff|ta|tt|td|lh|justify|align|wrap|gap|p[xytblrse]?|m[xytblrse]?|w|h|maw|miw|mah|mih|radius|shadow|type|name|id|key|href|to|target|rel|role|method|mode|style|orientation|position|inputMode|autoComplete|component|display|order|dir|lang|format|status|kind|reason|fill|stroke|d|viewBox|margin|fontFamily|fileName|accept)$',
      },
    },
    {
      regex: { pattern: '^(data-|aria-(hidden|live|current|haspopup|controls|describedby|labelledby|owns|expanded))' },
    },
    {
      regex: {
        pattern: '(Key|Keys|Url|URL|Path|PATH|_KEY|_URL|_QUERY|_SCOPE|Id|Ids|Class|Color|Variant|Size|FontStack)$',
      },
    },
  ],
  ignoreFunctions: [
    'console.*',
    'Error',
    'TypeError',
    'sendJson',
    'getJson',
    '*.setRequestHeader',
    '*.open',
    '*.set',
    '*.get',
    '*.has',
    '*.querySelector',
    '*.querySelectorAll',
    '*.getAttribute',
    '*.addEventListener',
    '*.removeEventListener',
    'useMediaQuery',
    'useState',
    'Date',
    'URL',
    'URLSearchParams',
    'z.*',
  ],
};

// The API's layers (docs/ARCHITECTURE.md#layers): routes → services → db/queries, with imports/
// and seed/ as the bulk-write layer beside db/queries. Test kits live in `testing/` folders (and
// `src/test/`), which only tests and other kits may import.
const api = 'apps/api/src';
const apiTestFiles = [`${api}/**/*.test.ts`, `${api}/**/testing/**`, `${api}/test/**`];
const apiZones = [
  {
    target: `./${api}/routes`,
    from: `./${api}/db`,
    message: 'Routes call services; they never reach the database (db/) themselves.',
  },
  {
    target: `./${api}/routes`,
    from: [`./${api}/imports`, `./${api}/seed`],
    message: 'imports/ and seed/ (the bulk-write layer) are called by services and the CLI, never by routes.',
  },
  {
    target: [`./${api}/imports`, `./${api}/seed`],
    from: [`./${api}/services`, `./${api}/routes`, `./${api}/plugins`],
    message: 'imports/ and seed/ sit beneath the services: they write through Drizzle and call no service or route.',
  },
  {
    target: `./${api}/services`,
    from: `./${api}/db/schema`,
    message: 'Services never touch tables: ask a query function in db/queries/<domain>/.',
  },
  {
    target: `./${api}/**`,
    from: [`./${api}/**/testing/**`, `./${api}/test/**`],
    message: 'Production code never imports a test kit (testing/ or test/).',
  },
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    // The web build's server render of the Login screen (apps/web/prerender-login.mjs reads it).
    '**/dist-ssr/',
    'apps/api/migrations/',
    '**/.data/',
    '**/.certs/',
    '**/coverage/',
    '**/playwright-report/',
    '**/test-results/',
    'bench/reports/',
    // Compiled by `npm run i18n:compile`, not written by hand.
    'apps/web/src/locales/*/messages.js',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: {
      // The node resolver is enough: web imports are relative and mostly carry their extension.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: webZones }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: webTestFiles,
    plugins: { lingui },
    rules: { 'lingui/no-unlocalized-strings': ['error', unlocalizedStrings] },
  },
  {
    files: [`${api}/**/*.ts`],
    ignores: apiTestFiles,
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: apiZones }],
    },
  },
  {
    files: [`${api}/services/**/*.ts`],
    ignores: apiTestFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Services never use Drizzle: SQL lives in db/queries/<domain>/.' }],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'Services never use Drizzle: SQL lives in db/queries/<domain>/.' },
          ],
        },
      ],
    },
  },
]);
