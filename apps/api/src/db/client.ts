import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
// Both drivers produce this type, so queries and services are written once (ARCHITECTURE "Runtime").
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

// onQuery sees every statement (tests count them to prove a request's query count is constant).
export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onQuery?: (sql: string) => void }
  // dataDir undefined = in memory (tests).
  | { kind: 'pglite'; dataDir?: string; onQuery?: (sql: string) => void };

const queryLogger = (onQuery?: (sql: string) => void) =>
  onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg({
      client: pool,
      schema,
      casing: 'snake_case',
      logger: queryLogger(options.onQuery),
    }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const client = options.dataDir ? new PGlite(path.resolve(options.dataDir)) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({
    client,
    schema,
    casing: 'snake_case',
    logger: queryLogger(options.onQuery),
  }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // Several API instances may start at once; the advisory lock lets one migrate at a time.
    await database.db.transaction(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(727274)');
      await migratePg(tx as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
    });
    return;
  }
  await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
}
