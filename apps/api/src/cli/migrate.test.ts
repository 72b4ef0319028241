import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { migrationsFolder } from '../paths.ts';
import { describeFailure, migrate } from './migrate.ts';

const entries = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries;
const latest = entries[entries.length - 1]!.tag;

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

it('applies every migration to a new database, then nothing, and says so', async () => {
  database = await openDatabase({ kind: 'pglite' });
  expect(await migrate(database)).toBe(
    `The embedded database is migrated: applied ${entries.length} migrations (${entries[0]!.tag} … ${latest}); ` +
      `it now holds all ${entries.length} migrations of this version (latest ${latest}).`,
  );
  expect(await migrate(database)).toBe(
    `The embedded database is up to date: it holds all ${entries.length} migrations of this version (latest ${latest}); nothing to apply.`,
  );
});

it("gives the driver's reason for a failure, however it is wrapped", () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  expect(describeFailure(new AggregateError([refused], ''))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  expect(
    describeFailure(new Error('Failed query: select 1', { cause: new Error('database "x" does not exist') })),
  ).toBe('database "x" does not exist');
  expect(describeFailure(Object.assign(new Error(''), { code: 'ETIMEDOUT' }))).toBe('ETIMEDOUT');
});
