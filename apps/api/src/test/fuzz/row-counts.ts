import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';

export type RowCounts = Record<string, number>;

type Rows<T> = { rows: T[] };

// Row counts of every table in the schema, read in one statement. The table list comes from the
// catalogue, so a table added later is watched without anyone listing it here. insight_dirty is
// left out: it is a queue of member-weeks to recompute (migration 0013), noted by any request that
// touches a member (even one that only records their time zone), and holds no data of its own.
// The count follows every one of the fuzz's thousands of requests, so it is a prepared statement
// (db/speed/prepared-statements.ts): planning the union of every table was most of its time.
export async function rowCounter({
  db,
  runPrepared,
}: Pick<Database, 'db' | 'runPrepared'>): Promise<() => Promise<RowCounts>> {
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'insight_dirty'
          order by table_name`,
    )) as unknown as Rows<{ name: string }>
  ).rows.map((row) => row.name);
  if (tables.length === 0) throw new Error('no tables to count');
  const text = tables.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all ');
  return async () => {
    const rows = await runPrepared('fuzz_row_counts', text, []);
    return Object.fromEntries(rows.map(([name, n]) => [String(name), Number(n)]));
  };
}

// Tables whose row count differs, with the difference.
export function countChanges(before: RowCounts, after: RowCounts): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const delta = (after[name] ?? 0) - (before[name] ?? 0);
    if (delta !== 0) changes[name] = delta;
  }
  return changes;
}

// Ids of the rows of every table with a uuid `id` column (a bounded sample per table), by table.
export async function existingIds(db: Db, perTable = 40): Promise<Map<string, string[]>> {
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' order by table_name`,
    )) as unknown as Rows<{ name: string }>
  ).rows.map((row) => row.name);
  const statement = sql.raw(
    tables
      .map((name) => `(select '${name}' as name, id::text as id from "${name}" limit ${perTable})`)
      .join(' union all '),
  );
  const { rows } = (await db.execute(statement)) as unknown as Rows<{ name: string; id: string }>;
  const byTable = new Map<string, string[]>();
  for (const row of rows) byTable.set(row.name, [...(byTable.get(row.name) ?? []), row.id]);
  return byTable;
}
