import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { rowsOf } from '../../rows.ts';

// Throws when the database does not answer.
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

// The timestamp of the newest migration applied to this database (as the migrator records it, from
// the migration folder's journal), or null when none has been applied.
export async function latestAppliedMigration(db: DbOrTx): Promise<number | null> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return null;
  const [row] = rowsOf<{ latest: string | null }>(
    await db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`),
  );
  return row?.latest ? Number(row.latest) : null;
}
