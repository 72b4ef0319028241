import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from '../db/client.ts';

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

// What a migrated database is made of: the migrations' files and the embedded database's version.
// A copy made for one set of them is never used for another.
const migrationsHash = (() => {
  const hash = createHash('sha256');
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
      )
      .sort();
  for (const file of files(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  // The package's own package.json is not exported: found above its entry point.
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!readdirSync(folder).includes('package.json')) folder = path.dirname(folder);
  return hash
    .update(readFileSync(path.join(folder, 'package.json')))
    .digest('hex')
    .slice(0, 16);
})();

// Every test database starts as a copy of one migrated database, made once per set of migrations:
// migrating took most of a PostgreSQL database's creation, and on PGlite a fresh instance's first
// start (its initdb) cost more than loading a copy of a migrated one.
//
// PGlite: the migrated instance's data folder, dumped to a file in the temporary folder that every
// test process of the run (and the next run) loads instead of starting empty and migrating.
//
// PGlite starts with PostgreSQL's 128 MB of shared buffers, which every instance allocates and clears
// as it starts: a third of opening a test database that holds a few megabytes. Under Vitest the copy
// carries 16 MB (ALTER SYSTEM writes it into the data folder; the file's name says so). The
// benchmarks that borrow these helpers (bench/src/) keep the default, as the server runs.
const PGLITE_TEST_SETTINGS = process.env.VITEST ? ["alter system set shared_buffers = '16MB'"] : [];
const pgliteSnapshotName = `habitrack-test-pglite-${migrationsHash}${PGLITE_TEST_SETTINGS.length ? '-16mb' : ''}.tar`;
let pgliteSnapshot: Promise<Blob> | undefined;
function migratedPgliteSnapshot(): Promise<Blob> {
  pgliteSnapshot ??= (async () => {
    const file = path.join(tmpdir(), pgliteSnapshotName);
    const saved = await readFile(file).catch(() => null);
    if (saved) return new Blob([saved]);
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrateDatabase(database);
      if (database.kind !== 'pglite') throw new Error('PGlite expected');
      for (const statement of PGLITE_TEST_SETTINGS) await database.client.exec(statement);
      const dump = await database.client.dumpDataDir('none');
      // Written whole under a name of its own, then renamed: a process reading it never sees half.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  })();
  pgliteSnapshot.catch(() => (pgliteSnapshot = undefined));
  return pgliteSnapshot;
}

// PostgreSQL: a migrated template database on the server, made by the first process that needs it
// (the others wait on an advisory lock), which each test database is created from.
let postgresTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `habitrack_template_${migrationsHash}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(727275)');
      const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!existing.rowCount) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({
          kind: 'postgres',
          url: withDatabaseName(serverUrl, building),
          poolSize: 1,
        });
        try {
          await migrateDatabase(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  postgresTemplate.catch(() => (postgresTemplate = undefined));
  return postgresTemplate;
}

// A fresh, migrated database per call: on PostgreSQL a new database on the server (dropped on
// dispose), so test files run in parallel without seeing each other's rows.
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', snapshot: await migratedPgliteSnapshot(), onQuery });
    return { ...database, dispose: database.close, queries };
  }
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const template = await migratedPostgresTemplate(serverUrl);
  const name = `habitrack_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabaseName(serverUrl, name),
    poolSize: 25,
    onQuery,
  });
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
