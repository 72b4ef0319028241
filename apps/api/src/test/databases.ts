import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';

export type DatabaseKind = Database['kind'];

// Every database test runs on PGlite, and again on PostgreSQL when DATABASE_URL is set (CI sets it).
const serverUrl = process.env.DATABASE_URL || undefined;
export const databaseKinds: DatabaseKind[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];

// queries: every statement run so far, so a test can count what one request costs.
export type TestDatabase = Database & { dispose: () => Promise<void>; queries: string[] };

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// A fresh, migrated database per call: on PostgreSQL a new database on the server (dropped on
// dispose), so test files run in parallel without seeing each other's rows.
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', onQuery });
    await migrateDatabase(database);
    return { ...database, dispose: database.close, queries };
  }
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `habitrack_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabaseName(serverUrl, name),
    poolSize: 25,
    onQuery,
  });
  await migrateDatabase(database);
  return {
    ...database,
    queries,
    dispose: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
