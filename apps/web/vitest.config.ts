import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './lingui-vite.ts';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [linguiPlugins(), react()],
  test: {
    name: 'web',
    // Every file in jsdom, the .ts ones too. The "environment" time Vitest sums per file (90 s and
    // more) is not spent: a worker that keeps its modules sets jsdom up once, about 1 s, and Vitest
    // counts that set-up again for every file the worker runs. All 53 .ts files take about 6 s on two
    // workers, so a node project for them would save a few seconds at most
    // (docs/operations/ci.md#where-the-time-goes).
    environment: 'jsdom',
    // Files share one worker's libraries; the app's modules are loaded afresh for each (src/test/setup.ts).
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
