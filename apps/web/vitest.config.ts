import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './lingui-vite.ts';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [linguiPlugins(), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Files share one worker's libraries; the app's modules are loaded afresh for each (src/test/setup.ts).
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
