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
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
