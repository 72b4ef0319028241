import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_LEADER_EMAIL, seedDemo } from '../seed/seed-demo.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { migrateDatabase, openDatabase, type Database } from './client.ts';

const run = promisify(execFile);

// Backups proven by a restore (docs/operations/backup.md#checking-a-backup): a seeded database is
// dumped with pg_dump in its custom format and restored with pg_restore into a new database, and
// the API started on each answers the same, byte for byte, for the same people. PostgreSQL only:
// without DATABASE_URL there is no server to dump from, and the test is skipped.
const NOW = new Date('2026-11-26T10:00:00Z');
const EVERYONE = ['/api/v1/dashboard/', '/api/v1/social/cohort/members', '/api/v1/me/export?format=json'];
const INSIGHTS = ['/api/v1/insights/?period=4w', '/api/v1/insights/?period=programme'];
// A member, the team leader and the leader (also the administrator) of the demo, and what each reads.
const READS: Record<string, string[]> = {
  'priya.sharma@acme.example': EVERYONE,
  'marcus.chen@acme.example': [...EVERYONE, ...INSIGHTS],
  [DEMO_LEADER_EMAIL]: [...EVERYONE, ...INSIGHTS],
};
const PEOPLE = Object.keys(READS);

const urlOf = (database: TestDatabase) => {
  if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
  return database.pool.options.connectionString!;
};
const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

describe.skipIf(!databaseKinds.includes('postgres'))('a pg_dump restored into a new database [postgres]', () => {
  let issuers: TestIssuers;
  let source: TestDatabase;
  let restored: Database | undefined;
  let restoredName: string;
  let folder: string;
  const apps: App[] = [];
  const subjects = new Map(PEOPLE.map((email) => [email, `auth0|${randomBytes(6).toString('hex')}`]));

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  // Each person with the same token on either API; the first request links their sign-in.
  async function answers(app: App) {
    const texts: Record<string, string> = {};
    for (const email of PEOPLE) {
      const token = await issuers.hosted({ email, sub: subjects.get(email)! });
      for (const url of READS[email]!) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        texts[`${email} ${url}`] = `${response.statusCode} ${response.body}`;
      }
    }
    return texts;
  }

  beforeAll(async () => {
    issuers = await createTestIssuers();
    source = await createTestDatabase('postgres');
    await seedDemo(source.db, { today: NOW });
    folder = await mkdtemp(path.join(tmpdir(), 'habitrack-backup-'));
    restoredName = `habitrack_restore_${randomBytes(6).toString('hex')}`;
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await restored?.close();
    await admin(`drop database if exists ${restoredName} with (force)`);
    await source?.dispose();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('answers the same dashboard, leaderboard, insights and data export for the same people', async () => {
    const sourceApp = await createTestApp(source, { keySets: issuers.keySets, now: () => NOW });
    apps.push(sourceApp);
    // Signed in once before the dump, as people would have been: their linked accounts are backed up.
    const before = await answers(sourceApp);
    for (const [read, text] of Object.entries(before)) expect(text.slice(0, 4), read).toBe('200 ');

    const dump = path.join(folder, 'habitrack.dump');
    await run('pg_dump', ['--format=custom', '--file', dump, '--dbname', urlOf(source)]);
    await admin(`create database ${restoredName}`);
    const restoredUrl = withName(urlOf(source), restoredName);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, dump]);

    restored = await openDatabase({ kind: 'postgres', url: restoredUrl });
    // The restored database holds every migration: migrating it again changes nothing, and it is ready.
    await migrateDatabase(restored);
    const restoredApp = await createTestApp(restored, { keySets: issuers.keySets, now: () => NOW });
    apps.push(restoredApp);
    const ready = await restoredApp.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });

    const after = await answers(restoredApp);
    expect(Object.keys(after)).toHaveLength(3 * EVERYONE.length + 2 * INSIGHTS.length);
    expect(after).toEqual(before);
  }, 120_000);
});
