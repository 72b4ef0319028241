// Opens (and on first use generates) the cached benchmark database: a PostgreSQL database named
// after the scale, or a PGlite folder under .bench/. A marker row holds the generator version.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { generate, GENERATOR_VERSION, query, readMarker, rowCounts, type RowCounts, type Scale } from './generate.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export const benchRoot = path.resolve(import.meta.dirname, '../..');
export const cacheDir = path.join(benchRoot, '.bench');

export type Target = { kind: DatabaseKind; url?: string; dataDir?: string };

function postgresTarget(baseUrl: string, scale: Scale): { admin: string; url: string; name: string } {
  const url = new URL(baseUrl);
  const name = `habitrack_bench${scale.name === 'full' ? '' : `_${scale.name}`}`;
  const admin = new URL(baseUrl);
  admin.pathname = '/postgres';
  url.pathname = `/${name}`;
  return { admin: admin.toString(), url: url.toString(), name };
}

async function recreatePostgres(adminUrl: string, name: string, drop: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length && !drop) return;
    if (rows.length) await client.query(`drop database "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export type PreparedData = {
  target: Target;
  generated: boolean;
  generationSeconds: number;
  counts: RowCounts;
};

// Reuses the cached data when its marker matches this generator version, scale and (for the
// streak figures to mean something) was made within the last week; otherwise rebuilds it.
export async function prepareData(
  kind: DatabaseKind,
  scale: Scale,
  options: { postgresUrl?: string; regenerate?: boolean; log: (line: string) => void },
): Promise<PreparedData> {
  const { log } = options;
  let target: Target;
  let pgNames: ReturnType<typeof postgresTarget> | null = null;
  if (kind === 'postgres') {
    pgNames = postgresTarget(options.postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres', scale);
    await recreatePostgres(pgNames.admin, pgNames.name, false);
    target = { kind, url: pgNames.url };
  } else {
    target = { kind, dataDir: path.join(cacheDir, 'pglite', scale.name) };
  }

  const open = () =>
    kind === 'postgres'
      ? // Bulk statements run for minutes: no statement timeout while generating.
        openDatabase({ kind, url: target.url!, poolSize: 1, statementTimeoutMs: 3_600_000 })
      : openDatabase({ kind, dataDir: target.dataDir! });

  // A PGlite folder not made yet holds no marker: opening it would create a database only to
  // remove it again (a fresh clone's run).
  let database: Database | null = kind === 'postgres' || existsSync(target.dataDir!) ? await open() : null;
  let marker = database ? await readMarker(database).catch(() => null) : null;
  const ageDays = marker ? (Date.now() - Date.parse(marker.generatedOn)) / 86_400_000 : Infinity;
  const fresh = marker && marker.version === GENERATOR_VERSION && marker.scale === scale.name && ageDays < 7;
  let generated = false;
  if (!database || !fresh || options.regenerate) {
    await database?.close();
    if (kind === 'postgres') await recreatePostgres(pgNames!.admin, pgNames!.name, true);
    else rmSync(target.dataDir!, { recursive: true, force: true });
    database = await open();
    await migrateDatabase(database);
    log(`Generating the ${scale.name} organisation on ${kind}:`);
    marker = await generate(database, scale, log);
    generated = true;
  } else {
    // New migrations (e.g. indexes) apply to the cached data too.
    await migrateDatabase(database);
  }
  const counts = await rowCounts(database);
  await database.close();
  return { target, generated, generationSeconds: marker!.seconds, counts };
}

export type BenchUser = {
  n: number;
  userId: string;
  userHabitId: string | null;
  cohortNo: number;
  historyDays: number;
  // A leader (generate.ts): the insights target's callers.
  isLeader: boolean;
};

export async function loadBenchUsers(target: Target): Promise<BenchUser[]> {
  const database =
    target.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: target.url!, poolSize: 1 })
      : await openDatabase({ kind: 'pglite', dataDir: target.dataDir! });
  try {
    const rows = await query<{
      n: number;
      user_id: string;
      uh: string | null;
      cohort_no: number;
      history_days: number;
      is_leader: boolean;
    }>(
      database,
      `select b.n, b.user_id, b.cohort_no, b.history_days, h.id::text as uh, u.role = 'leader' as is_leader
       from bench_users b join users u on u.id = b.user_id
       left join (select distinct on (n) n, id from bench_user_habits where active order by n, s) h on h.n = b.n
       order by b.n`,
    );
    return rows.map((r) => ({
      n: r.n,
      userId: r.user_id,
      userHabitId: r.uh,
      cohortNo: r.cohort_no,
      historyDays: r.history_days,
      isLeader: r.is_leader,
    }));
  } finally {
    await database.close();
  }
}

export { GENERATOR_VERSION };
