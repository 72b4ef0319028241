// End-to-end tests: `npx playwright test -c e2e/playwright.config.ts` (part of `npm test`).
// Drives Debian's Chromium (/usr/bin/chromium, see scripts/ensure-chromium.sh) against
// `node scripts/start.mjs` on a free port with a fresh DATA_DIR (embedded PGlite, seeded on first run).
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort, freshDataDir, repoRoot, serverEnv } from './fixtures/server.ts';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`${chromium} is missing: run \`bash scripts/ensure-chromium.sh\` (never \`playwright install\`).`);
}

// The e2e server always uses its own embedded PGlite in DATA_DIR, even in CI where DATABASE_URL is set
// for the Vitest suites (Playwright passes its own environment on to the webServer command).
delete process.env.DATABASE_URL;

// Chosen once in the runner process; workers re-load this file and inherit these through the environment.
// The temp data folder is removed when the runner exits, unless E2E_KEEP_DATA=1 (to inspect it).
process.env.E2E_PORT ||= String(freePort());
if (!process.env.E2E_DATA_DIR) {
  const dataDir = freshDataDir('server');
  process.env.E2E_DATA_DIR = dataDir;
  if (!process.env.E2E_KEEP_DATA) process.on('exit', () => rmSync(dirname(dataDir), { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The browser asks for British English, the source language (docs/decisions/021-internationalisation-with-lingui.md):
    // the specs read the texts as written in the code.
    locale: 'en-GB',
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: repoRoot,
    // Request logs would drown the test list; E2E_LOG_LEVEL=info shows them.
    // PUBLIC_URL: e-mail links point where the browser reaches the app; the reminder scheduler runs
    // (e2e/tests/reminders.spec.ts reads the developer mail folder, DATA_DIR/mail).
    env: serverEnv(port, process.env.E2E_DATA_DIR, {
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
      PUBLIC_URL: baseURL,
      NOTIFICATIONS_SCHEDULER: 'on',
    }),
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
