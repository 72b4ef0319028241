import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { migrateDatabase, openDatabase, type Database } from '../../db/client.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';

describeEachDatabase('readiness on a migrated database', (getDatabase) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(getDatabase());
  });
  afterAll(async () => {
    await app.close();
  });

  it('is ready, and healthy', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness before the migrations have run', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('is not ready until `npm run migrate` has run, nor when a newer migration is missing; alive all along', async () => {
    const readiness = () => app.inject({ method: 'GET', url: '/readyz' });
    const notMigrated = await readiness();
    expect(notMigrated.statusCode).toBe(503);
    expect(notMigrated.json()).toEqual({
      status: 'unavailable',
      detail: 'The database is not migrated to this version: run `npm run migrate`.',
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await migrateDatabase(database);
    expect((await readiness()).statusCode).toBe(200);

    // The database of an older version: its newest migration is not recorded as applied (then the
    // record is put back, as running that migration would: a migration is not run twice).
    await database.db.execute(sql`create temporary table newest as select * from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect((await readiness()).statusCode).toBe(503);
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations select * from newest`);
    expect((await readiness()).json()).toEqual({ status: 'ready' });
  });
});

describe('readiness when the database does not answer', () => {
  it('answers 503 with the reason', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const database = await openDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/none',
      connectTimeoutMs: 500,
    });
    const app = await createTestApp(database);
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', detail: 'The database does not answer.' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describeEachDatabase('a worker answers its probes and nothing else', (getDatabase) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(getDatabase(), { config: { role: 'worker' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves /healthz and /readyz, not the API, the configuration or SCIM', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    for (const url of ['/api/v1/auth/me', '/config.json', '/scim/v2/Users', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
