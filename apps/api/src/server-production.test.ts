import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, migrateDatabase } from './db/client.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { spawnApi, waitUntilHealthy } from './test/api-process.ts';

// The real server in production: it refuses demo settings before it opens a port or a database
// (each refusal's sentence is tested in config.test.ts).
const complete: Record<string, string> = {
  NODE_ENV: 'production',
  EMBEDDED_DATABASE: 'on',
  PUBLIC_URL: 'https://habitrack.example.com',
  UNSUBSCRIBE_SECRET: 'a-production-secret-of-at-least-32-characters',
  AUTH0_DOMAIN: 'login.example.com',
  AUTH0_CLIENT_ID: 'Zq8w1PmS0aQ3',
  AUTH0_AUDIENCE: 'https://api.habitrack.example.com',
};

describe('the server in production', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'habitrack-production-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('exits 1 before listening, naming each demo setting and its fix', async () => {
    const dataDir = path.join(scratch, 'refused');
    const api = await spawnApi({ database: { dataDir }, env: { NODE_ENV: 'production', DEV_TOOLS: 'true' } });
    const { code } = await api.exited;
    expect(code).toBe(1);
    const lines = api.output().trim().split('\n');
    expect(lines[0]).toBe('HabiTrack cannot start:');
    expect(lines.slice(1).map((line) => /^- (\S+)/.exec(line)?.[1])).toEqual([
      'UNSUBSCRIBE_SECRET',
      'DATABASE_URL',
      'PUBLIC_URL',
      'No',
      'DEV_TOOLS',
    ]);
    // Nothing was opened: the embedded database's folder was never made.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('names the database when it does not answer at start-up, in one sentence', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const api = await spawnApi({
      database: { databaseUrl: 'postgres://postgres@127.0.0.1:1/habitrack' },
      env: { ...complete, EMBEDDED_DATABASE: 'off', MIGRATE_ON_START: 'off' },
    });
    expect((await api.exited).code).toBe(1);
    expect(api.output().trim()).toMatch(
      /^HabiTrack cannot start\. The database at DATABASE_URL could not be reached or migrated \(connect ECONNREFUSED 127\.0\.0\.1:1\): check that it is running and reachable, then start again\.$/,
    );
  });

  it('refuses a database that holds the demo organisation, and starts on one that does not', async () => {
    const seeded = path.join(scratch, 'seeded');
    const database = await openDatabase({ kind: 'pglite', dataDir: seeded });
    await migrateDatabase(database);
    await seedDemo(database.db, { goals: false });
    await database.close();
    const refused = await spawnApi({ database: { dataDir: seeded }, env: complete });
    expect((await refused.exited).code).toBe(1);
    expect(refused.output()).toMatch(/^HabiTrack cannot start\. The database holds the demo organisation/);

    const fresh = await spawnApi({ database: { dataDir: path.join(scratch, 'fresh') }, env: complete });
    try {
      await waitUntilHealthy(fresh, 120_000);
      expect((await fetch(`${fresh.baseUrl}/readyz`)).status).toBe(200);
      expect(fresh.output()).not.toMatch(/Demo accounts/);
    } finally {
      fresh.child.kill('SIGTERM');
      expect(await fresh.exited).toEqual({ code: 0, signal: null });
    }
  }, 240_000);
});
