import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

// Test helper: every table of the schema, so "nothing changed" checks cannot forget a new one.
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

// Full contents of every table, rows in a stable order, for before/after comparisons.
export async function snapshotTables(db: DbOrTx): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    tables.map(async (table) => {
      const rows = await db.select().from(table);
      return [getTableConfig(table).name, rows.map((r) => JSON.stringify(r)).sort()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function countRows(db: DbOrTx): Promise<Record<string, number>> {
  const snapshot = await snapshotTables(db);
  return Object.fromEntries(Object.entries(snapshot).map(([name, rows]) => [name, rows.length]));
}
