import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { rowsOf } from './rows.ts';

// Every ON DELETE CASCADE the migrations leave is listed, with why it is safe, in decision 020
// (docs/decisions/020-nothing-cascades-away-history.md): a new one fails here until it is.
const decision = readFileSync(
  new URL('../../../../docs/decisions/020-nothing-cascades-away-history.md', import.meta.url),
  'utf8',
);

// The table's first column: groups "`child`, `child` → `parent`", separated by ";".
function listedCascades(text: string): Set<string> {
  const section = text.slice(text.indexOf('### The cascades that remain'));
  const listed = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1]!;
    for (const group of cell.split(';')) {
      const [children, parent] = group.split('→');
      const parentName = parent?.match(/`([a-z_]+)`/)?.[1];
      if (!children || !parentName) continue;
      for (const [, child] of children.matchAll(/`([a-z_]+)`/g)) listed.add(`${child} → ${parentName}`);
    }
  }
  return listed;
}

describe('foreign keys that cascade on delete', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('are each listed in decision 020, and the decision lists none that is gone', async () => {
    const result = await database.db.execute(sql`select distinct c.conrelid::regclass::text as child,
        c.confrelid::regclass::text as parent
      from pg_constraint c
      where c.contype = 'f' and c.confdeltype = 'c' and c.connamespace = 'public'::regnamespace`);
    const cascades = rowsOf<{ child: string; parent: string }>(result).map((r) => `${r.child} → ${r.parent}`);
    expect(cascades.length).toBeGreaterThan(0);
    const listed = listedCascades(decision);
    expect(cascades.filter((cascade) => !listed.has(cascade)).sort()).toEqual([]);
    expect([...listed].filter((cascade) => !cascades.includes(cascade)).sort()).toEqual([]);
  });

  it('spare the history named by the issue: departments and KPI measurements', async () => {
    const result = await database.db.execute(sql`select c.conrelid::regclass::text as child,
        c.confrelid::regclass::text as parent, c.confdeltype as action
      from pg_constraint c
      where c.contype = 'f' and c.conrelid::regclass::text in ('departments', 'kpi_measurements')
        and c.confrelid::regclass::text in ('teams', 'department_kpis')`);
    const keys = rowsOf<{ child: string; parent: string; action: string }>(result);
    expect(keys.map((k) => `${k.child} → ${k.parent}: ${k.action}`).sort()).toEqual([
      'departments → teams: a',
      'kpi_measurements → department_kpis: a',
    ]);
  });
});
