import { fileURLToPath } from 'node:url';

// Folders the API reads at run time, next to its code. This module sits one level below apps/api
// (apps/api/src/paths.ts), as do the release bundles that inline it (apps/api/dist/server.js,
// apps/api/dist/cli.js), so the same relative URL finds them in development and in a release.
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
export const seedFolder = fileURLToPath(new URL('../seed', import.meta.url));
export const localesFolder = fileURLToPath(new URL('../locales', import.meta.url));
