import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every core runs test files (Vitest's default leaves one idle: one worker on 2 cores), and a worker
// keeps the modules it has loaded from one file to the next (`isolate: false`) rather than importing
// Fastify, the contracts, React and Mantine afresh for each file, which was most of a file's cost
// (docs/operations/ci.md#where-the-time-goes). Each API file opens its own app and database; the web
// project's setup file loads the app's own modules afresh for each file (apps/web/src/test/setup.ts).
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: [
            'apps/api/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'dev/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
