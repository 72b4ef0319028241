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
]);
