// `npm start` seeds demo data on the first run only, and a later run on the same DATA_DIR is faster.
// No browser: starts `node scripts/start.mjs` itself (twice) on its own port and data folder.
// Prints cold and warm time-to-healthy (the web app is already built by the webServer at this point).
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, freshDataDir, startServer, type RunningServer } from '../fixtures/server.ts';

const SEEDING = 'Seeding demo data';
const ALREADY_SEEDED = 'Demo data already present';

test('first run seeds demo data, a later run on the same DATA_DIR does not', async () => {
  test.setTimeout(300_000);
  const dataDir = freshDataDir('first-run');
  const port = freePort();
  const running: RunningServer[] = [];

  try {
    const first = startServer({ port, dataDir });
    running.push(first);
    const coldMs = await first.waitHealthy();
    // The server answers /readyz a moment before it prints where it runs (apps/api/src/server.ts).
    await expect.poll(() => first.output()).toContain(`HabiTrack is running at http://localhost:${port}`);
    expect(first.output()).toContain(SEEDING);
    expect(first.output()).not.toContain(ALREADY_SEEDED);
    const firstStop = await first.stop();
    expect(firstStop.forced, `start.mjs ignored SIGTERM. Output:\n${first.output()}`).toBe(false);

    const second = startServer({ port, dataDir });
    running.push(second);
    const warmMs = await second.waitHealthy();
    expect(second.output()).toContain(ALREADY_SEEDED);
    expect(second.output(), 'it seeded again on a later run').not.toContain(SEEDING);
    const health = await fetch(`${second.baseUrl}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const secondStop = await second.stop();
    expect(secondStop.forced, `start.mjs ignored SIGTERM. Output:\n${second.output()}`).toBe(false);

    const built = (server: RunningServer) =>
      server.output().includes('Building the web app') ? ' incl. web build' : '';
    const timings =
      `npm start time to healthy: first run (migrate + seed${built(first)}) ${coldMs} ms, ` +
      `later run${built(second)} ${warmMs} ms`;
    console.log(timings);
    console.log(
      `shutdown on SIGTERM: first exit ${firstStop.code ?? firstStop.signal}, second exit ${secondStop.code ?? secondStop.signal}` +
        (firstStop.leftovers || secondStop.leftovers ? ' (WARNING: child processes outlived start.mjs)' : ''),
    );
    test.info().annotations.push({ type: 'timings', description: timings });
  } finally {
    for (const server of running) await server.stop();
    if (!process.env.E2E_KEEP_DATA) rmSync(dirname(dataDir), { recursive: true, force: true });
  }
});
