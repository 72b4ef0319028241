import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, type Database, type DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { migrationsFolder } from '../paths.ts';

// `migrate`: brings the database up to the migrations this version carries, and says which it
// applied. A deploy runs it once before starting instances with MIGRATE_ON_START=off.

type JournalEntry = { tag: string; when: number };

function journal(): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

// The migrator records each migration applied by its journal timestamp (created_at).
async function appliedMigrations(db: DbOrTx): Promise<Set<number>> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return new Set();
  const rows = rowsOf<{ created_at: string }>(
    await db.execute(sql`select created_at::text as created_at from drizzle.__drizzle_migrations`),
  );
  return new Set(rows.map((row) => Number(row.created_at)));
}

const names = (entries: JournalEntry[]) =>
  entries.length <= 4
    ? entries.map((entry) => entry.tag).join(', ')
    : `${entries[0]!.tag} … ${entries[entries.length - 1]!.tag}`;

export async function migrate(database: Database): Promise<string> {
  const entries = journal();
  const latest = entries[entries.length - 1]?.tag ?? 'none';
  const before = await appliedMigrations(database.db);
  await migrateDatabase(database);
  const applied = entries.filter((entry) => !before.has(entry.when));
  const where = database.kind === 'postgres' ? 'The PostgreSQL database' : 'The embedded database';
  if (applied.length === 0) {
    return `${where} is up to date: it holds all ${entries.length} migrations of this version (latest ${latest}); nothing to apply.`;
  }
  const count = applied.length === 1 ? '1 migration' : `${applied.length} migrations`;
  return `${where} is migrated: applied ${count} (${names(applied)}); it now holds all ${entries.length} migrations of this version (latest ${latest}).`;
}

// The reason a failure gives, as the driver says it: drizzle wraps it in a query error (`cause`),
// and a refused connection is an AggregateError with an empty message.
export function describeFailure(error: unknown): string {
  let inner = error;
  for (;;) {
    if (inner instanceof AggregateError && inner.errors.length) inner = inner.errors[0];
    else if (inner instanceof Error && inner.cause !== undefined) inner = inner.cause;
    else break;
  }
  if (!(inner instanceof Error)) return String(inner);
  return inner.message || (inner as NodeJS.ErrnoException).code || inner.name;
}
