import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema/index.ts';
import {
  preparedOnPglite,
  preparedOnPostgres,
  unnamedOnPglite,
  unnamedOnPostgres,
  type RunPrepared,
} from './speed/prepared-statements.ts';

export type Schema = typeof schema;
// Both drivers produce this type, so queries and services are written once
// (docs/decisions/003-two-databases-one-code-path.md).
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  close: () => Promise<void>;
  // The hot statements' way in: each prepared once per connection (db/speed/); runUnnamed parses
  // and plans every call afresh (SPEED_OFF=named-statements).
  runPrepared: RunPrepared;
  runUnnamed: RunPrepared;
} & (
  | {
      kind: 'postgres';
      pool: pg.Pool;
      // Where migrations connect (their own connection, without the timeouts).
      migrationTarget?: { url: string; connectTimeoutMs: number };
    }
  | { kind: 'pglite'; client: PGlite }
);

export { migrationsFolder };

// onQuery sees every statement (tests count them to prove a request's query count is constant).
export type OpenDatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      onQuery?: (sql: string) => void;
      // Longest wait for a new connection (or a free one from the pool) before the query fails.
      connectTimeoutMs?: number;
      // Longest a statement may run on the server, and the client's own wait for its answer.
      statementTimeoutMs?: number;
    }
  // dataDir undefined = in memory (tests), empty or, given a snapshot (another instance's
  // dumpDataDir()), a copy of it.
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob; onQuery?: (sql: string) => void };

const queryLogger = (onQuery?: (sql: string) => void) =>
  onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

// Raised when another process holds the PGlite data folder; server.ts prints the message as is.
export class DatabaseLockedError extends Error {}

const LOCK_FILE = 'habitrack.lock';
// Folders this process holds: a second open in the same process is refused like one from another.
const heldLocks = new Set<string>();

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

// PGlite has no lock of its own, and two processes writing one folder corrupt it. The lock is a
// file in the folder holding the owner's pid, created atomically ("wx"). A lock whose process is
// gone (a crash, kill -9) is taken over, so a restart after a crash just works; so is one holding
// our own pid that this process does not hold (a container restarted with the same pid).
async function lockDataDir(dataDir: string): Promise<() => void> {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const refuse = (owner: number | null) =>
    new DatabaseLockedError(
      `The data folder ${dataDir} is already in use by another HabiTrack process` +
        `${owner && owner !== process.pid ? ` (pid ${owner})` : ''}. ` +
        'Stop the other HabiTrack process, or set DATA_DIR to another folder. ' +
        `If no other HabiTrack process is running, delete ${lockPath}.`,
    );
  if (heldLocks.has(lockPath)) throw refuse(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockPath);
      if (owner === null && attempt === 0) {
        // An empty lock may be one another process is writing right now: look again shortly.
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      const stale = owner === null || (owner === process.pid ? !heldLocks.has(lockPath) : !processIsAlive(owner));
      if (!stale || attempt >= 3) throw refuse(owner);
      try {
        unlinkSync(lockPath);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  heldLocks.add(lockPath);
  return () => {
    heldLocks.delete(lockPath);
    if (readLockOwner(lockPath) !== process.pid) return;
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that does not answer fails the request (503) instead of holding it forever.
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      // The client gives up a little after the server would have, for a server that is gone silent.
      query_timeout: statementTimeoutMs + connectTimeoutMs,
      // Dead peers are noticed on idle connections too.
      keepAlive: true,
    });
    // An idle client losing its server must not crash the process; the next query reports it,
    // and the pool replaces the broken connection, so the API recovers without a restart.
    pool.on('error', () => {});
    const db = drizzlePg({
      client: pool,
      schema,
      casing: 'snake_case',
      logger: queryLogger(options.onQuery),
    }) as unknown as Db;
    // Migrations may legitimately run longer than any request (an index on a large table, or
    // waiting for another instance's migration).
    const migrationTarget = { url: options.url, connectTimeoutMs };
    const runPrepared = preparedOnPostgres(pool, options.onQuery);
    const runUnnamed = unnamedOnPostgres(pool, options.onQuery);
    return { db, kind: 'postgres', pool, close: () => pool.end(), migrationTarget, runPrepared, runUnnamed };
  }
  let release = () => {};
  if (options.dataDir) {
    const dataDir = path.resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = options.dataDir
      ? new PGlite(path.resolve(options.dataDir))
      : new PGlite(options.snapshot ? { loadDataDir: options.snapshot } : {});
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({
    client,
    schema,
    casing: 'snake_case',
    logger: queryLogger(options.onQuery),
  }) as unknown as Db;
  const close = async () => {
    try {
      if (!client.closed) await client.close();
    } finally {
      release();
    }
  };
  const runPrepared = preparedOnPglite(client, options.onQuery);
  const runUnnamed = unnamedOnPglite(client, options.onQuery);
  return { db, kind: 'pglite', client, close, runPrepared, runUnnamed };
}

let newestMigration: number | undefined;
// The timestamp of the newest migration this build carries: a database whose latest applied
// migration is older needs `npm run migrate` before this build may serve it (/readyz).
export function newestMigrationOfThisBuild(): number {
  newestMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return newestMigration;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrationTarget: target } = database;
    const pool = target
      ? new pg.Pool({ connectionString: target.url, max: 1, connectionTimeoutMillis: target.connectTimeoutMs })
      : null;
    pool?.on('error', () => {});
    const db = pool ? (drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db) : database.db;
    try {
      // Several API instances may start at once; the advisory lock lets one migrate at a time.
      await db.transaction(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(727274)');
        await migratePg(tx as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
      });
    } finally {
      await pool?.end();
    }
    return;
  }
  await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
}
