import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
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
