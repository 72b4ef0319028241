// End-to-end tests: `npx playwright test -c e2e/playwright.config.ts` (part of `npm test`).
// Drives Debian's Chromium headless shell (see scripts/ensure-chromium.sh) against
// `node scripts/start.mjs` on free ports with fresh DATA_DIRs (embedded PGlite, seeded on first run).
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort, freshDataDir, repoRoot, serverEnv } from './fixtures/server.ts';

// The headless shell rather than the whole browser (/usr/bin/chromium, which Lighthouse drives in
// bench:web): the same engine without the browser's own interface, whose renderers and GPU process
// took a large part of the two cores while the suite ran (docs/operations/ci.md#the-end-to-end-suite).
const chromium = process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell';
if (!existsSync(chromium)) {
  throw new Error(`${chromium} is missing: run \`bash scripts/ensure-chromium.sh\` (never \`playwright install\`).`);
}

// The e2e server always uses its own embedded PGlite in DATA_DIR, even in CI where DATABASE_URL is set
// for the Vitest suites (Playwright passes its own environment on to the webServer command).
delete process.env.DATABASE_URL;

// Two lanes, each its own server on its own port and data folder, run side by side: a lane's spec
// files run one after another (one worker per lane), so no two specs ever share a server at once
// (docs/operations/ci.md#the-end-to-end-suite). E2E_LANES=1 runs every spec on one server. A third
// lane made the suite slower (397 s against 335 s): the browsers and servers keep both cores busy.
// The second lane takes the spec files listed here, about half of the suite's time; every other file,
// a new one too, runs in the first.
const SECOND_LANE = [
  'locales-pseudo.spec.ts',
  'screens.spec.ts',
  'insights.spec.ts',
  'cohort.spec.ts',
  'endorsements-received.spec.ts',
  'locales-rtl.spec.ts',
  'deploy.spec.ts',
  'first-run.spec.ts',
  'api-docs.spec.ts',
].map((file) => {
  if (!existsSync(new URL(`./tests/${file}`, import.meta.url)))
    throw new Error(`e2e/playwright.config.ts places ${file} in the second lane, but e2e/tests has no such file`);
  return `**/${file}`;
});
const laneCount = process.env.E2E_LANES === '1' ? 1 : 2;

// Chosen once in the runner process; workers re-load this file and inherit these through the
// environment (E2E_PORT and E2E_DATA_DIR for the first lane, E2E_PORT_2 and E2E_DATA_DIR_2 for the
// second). The temp data folders are removed when the runner exits, unless E2E_KEEP_DATA=1.
type Lane = { port: number; baseURL: string; dataDir: string };
const lanes: Lane[] = Array.from({ length: laneCount }, (_, k) => {
  const suffix = k === 0 ? '' : `_${k + 1}`;
  process.env[`E2E_PORT${suffix}`] ||= String(freePort());
  if (!process.env[`E2E_DATA_DIR${suffix}`]) {
    const dataDir = freshDataDir(`server${suffix}`);
    process.env[`E2E_DATA_DIR${suffix}`] = dataDir;
    if (!process.env.E2E_KEEP_DATA)
      process.on('exit', () => rmSync(dirname(dataDir), { recursive: true, force: true }));
  }
  const port = Number(process.env[`E2E_PORT${suffix}`]);
  return { port, baseURL: `http://127.0.0.1:${port}`, dataDir: process.env[`E2E_DATA_DIR${suffix}`]! };
});

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: laneCount,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // A test's time limit guards against a hang, not a speed check: on a machine running at half its
  // usual speed (a clean clone's whole run took 1,476 s instead of about 725 s), the journey's first
  // test, two screen checks with axe at two widths, ran out of its 60 s at its last step.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    // The browser asks for British English, the source language (docs/decisions/021-internationalisation-with-lingui.md):
    // the specs read the texts as written in the code.
    locale: 'en-GB',
    ignoreHTTPSErrors: true,
    // A failed test keeps its trace: each action with the page's DOM before and after it, the network
    // and the console; and a screenshot of the page as the test failed. The trace leaves out the film
    // strip of the screen (`screenshots`), which every test recorded frame by frame while it ran: the
    // suite took 179 s with it and 157 s without (docs/operations/ci.md#the-end-to-end-suite).
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  // A spec reads its lane's data folder from its project's metadata (e2e/fixtures/lane.ts).
  projects: lanes.map((lane, k) => ({
    name: laneCount === 1 ? 'chromium' : `chromium-${k + 1}`,
    workers: 1,
    ...(laneCount === 1 ? {} : k === 0 ? { testIgnore: SECOND_LANE } : { testMatch: SECOND_LANE }),
    use: { baseURL: lane.baseURL },
    metadata: { dataDir: lane.dataDir },
  })),
  // The lanes' servers start one after the other (the first builds the web app when its build is stale).
  webServer: lanes.map((lane) => ({
    command: 'node scripts/start.mjs',
    cwd: repoRoot,
    // Request logs would drown the test list; E2E_LOG_LEVEL=info shows them.
    // PUBLIC_URL: e-mail links point where the browser reaches the app; the reminder scheduler runs
    // (e2e/tests/reminders.spec.ts reads the developer mail folder, DATA_DIR/mail), ticking every
    // 5 s rather than on the minute, so the spec waits seconds for its reminder, not up to a minute.
    env: serverEnv(lane.port, lane.dataDir, {
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
      PUBLIC_URL: lane.baseURL,
      NOTIFICATIONS_SCHEDULER: 'on',
      NOTIFICATIONS_TICK_SECONDS: '5',
    }),
    url: `${lane.baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  })),
});
