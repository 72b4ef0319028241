import { sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn } from 'drizzle-orm/pg-core';

export type EntityCounts = { created: number; updated: number; unchanged: number };

export const noCounts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0 });

export function addCounts(a: EntityCounts, b: EntityCounts): EntityCounts {
  return { created: a.created + b.created, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged };
}

// The schema relies on drizzle's snake_case casing, so the SQL name of a column is derived the
// same way drizzle derives it.
function excluded(column: PgColumn): SQL {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`excluded.${sql.identifier(name)}`;
}

// ON CONFLICT DO UPDATE that only touches a row when a value really differs. An unchanged row is
// not rewritten at all, which is what makes a re-import a true no-op, and the rows RETURNING
// yields are exactly the created and changed ones (used for the summary counts).
export function updateWhenChanged(columns: Record<string, PgColumn>) {
  const list = Object.values(columns);
  return {
    set: Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, excluded(column)])),
    setWhere: sql`(${sql.join(list, sql`, `)}) is distinct from (${sql.join(list.map(excluded), sql`, `)})`,
  };
}

type Keyed = { key: string; id: string };

// Combines the ids that existed before an upsert with the rows it returned: every key of the file
// ends up with an id, and the counts say what happened to each.
export function mergeUpserted(keys: readonly string[], before: readonly Keyed[], written: readonly Keyed[]) {
  const ids = new Map(before.map((r) => [r.key, r.id]));
  const existed = new Set(ids.keys());
  for (const row of written) ids.set(row.key, row.id);
  const writtenKeys = new Set(written.map((r) => r.key));
  const counts = noCounts();
  for (const key of new Set(keys)) {
    if (!existed.has(key)) counts.created += 1;
    else if (writtenKeys.has(key)) counts.updated += 1;
    else counts.unchanged += 1;
  }
  return { idOf: (key: string) => lookup(ids, key), counts };
}

// For keys the checks have already proven present; a miss is a bug, not a bad file.
export function lookup<V>(map: ReadonlyMap<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`import: no entry for ${JSON.stringify(key)}`);
  return value;
}

// Composite natural keys (parent id + name) as one map key.
export const keyOf = (...parts: string[]) => parts.join('\u0000');
