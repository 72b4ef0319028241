import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyMigration,
  bodyFacts,
  buildSchema,
  descriptions,
  emptySchema,
  readMigrations,
  renderMarkdown,
  splitStatements,
  // @ts-expect-error: a plain JavaScript script without type declarations.
} from './database-doc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Trigger = {
  name: string;
  table: string;
  timing: string;
  events: { event: string; columns: string[] }[];
  level: string;
  when: string | null;
  function: string;
  definedIn: string;
  comment: string | null;
};
type Fn = { name: string; definedIn: string[]; comment: string | null; returns: string };
type Schema = { triggers: Map<string, Trigger>; functions: Map<string, Fn>; migrations: string[] };

const build = (...migrations: [tag: string, source: string][]): Schema =>
  buildSchema(migrations.map(([tag, source]) => ({ tag, source })));

const touch = (name: string, comment = `-- Raises ${name}'s counter; with a ; and 'quotes;' in it.`) => `${comment}
CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "counters" SET "n" = "n" + 1 WHERE "name" = '${name};';
  RETURN NULL;
END
$$;--> statement-breakpoint
`;

describe('docs/database.md', () => {
  it('is what scripts/database-doc.mjs writes from the migrations', () => {
    const run = spawnSync(process.execPath, ['scripts/database-doc.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr, 'run `node scripts/database-doc.mjs` and commit docs/database.md').toBe('');
    expect(run.status).toBe(0);
  });

  it('lists every trigger of the migrations with a description', () => {
    const schema: Schema = buildSchema(readMigrations());
    const text = renderMarkdown(schema);
    expect(schema.triggers.size).toBeGreaterThan(0);
    for (const trigger of schema.triggers.values()) expect(text).toContain(`\`${trigger.name}\``);
  });
});

describe('splitStatements', () => {
  it('splits on semicolons outside bodies, strings and quoted names, with the comment above each', () => {
    const statements = splitStatements(`-- The first.
-- Two lines.
CREATE TABLE "a;b" ("x" text DEFAULT 'it''s; fine');--> statement-breakpoint
CREATE FUNCTION "f"() RETURNS void LANGUAGE plpgsql AS $body$ BEGIN PERFORM 1; END $body$; -- a remark
-- Far from its statement.

SELECT 1;
/* block */ SELECT E'\\';' AS x`);
    expect(statements.map((s: { text: string }) => s.text)).toEqual([
      `CREATE TABLE "a;b" ("x" text DEFAULT 'it''s; fine')`,
      'CREATE FUNCTION "f"() RETURNS void LANGUAGE plpgsql AS $body$ BEGIN PERFORM 1; END $body$',
      'SELECT 1',
      "SELECT E'\\';' AS x",
    ]);
    expect(statements.map((s: { comment: string | null }) => s.comment)).toEqual([
      'The first. Two lines.',
      null,
      null,
      'block',
    ]);
  });
});

describe('the triggers after the migrations', () => {
  it('reads a trigger: table, timing, events, columns, level, condition and function', () => {
    const schema = build([
      '0001_a',
      `${touch('bump')}-- Keeps the counter current.
CREATE TRIGGER "t_row" BEFORE INSERT OR UPDATE OF "x", y ON public."things"
  FOR EACH ROW WHEN (OLD."x" IS DISTINCT FROM NEW."x") EXECUTE FUNCTION "bump"();
CREATE TRIGGER t_statement AFTER DELETE OR TRUNCATE ON things
  REFERENCING OLD TABLE AS "old_rows" EXECUTE PROCEDURE public.bump();`,
    ]);
    expect(schema.triggers.get('things.t_row')).toMatchObject({
      table: 'things',
      timing: 'before',
      events: [
        { event: 'insert', columns: [] },
        { event: 'update', columns: ['x', 'y'] },
      ],
      level: 'row',
      when: 'OLD."x" IS DISTINCT FROM NEW."x"',
      function: 'bump',
      definedIn: '0001_a',
      comment: 'Keeps the counter current.',
    });
    expect(schema.triggers.get('things.t_statement')).toMatchObject({
      timing: 'after',
      events: [
        { event: 'delete', columns: [] },
        { event: 'truncate', columns: [] },
      ],
      level: 'statement',
      when: null,
      function: 'bump',
    });
  });

  it('replaces a trigger with CREATE OR REPLACE, and refuses to create it twice', () => {
    const first = `${touch('a')}${touch('b')}CREATE TRIGGER "t" AFTER INSERT ON "x" FOR EACH ROW EXECUTE FUNCTION "a"();`;
    const schema = build(
      ['0001_first', first],
      ['0002_again', `CREATE OR REPLACE TRIGGER "t" AFTER UPDATE ON "x" EXECUTE FUNCTION "b"();`],
    );
    expect(schema.triggers.get('x.t')).toMatchObject({
      events: [{ event: 'update', columns: [] }],
      level: 'statement',
      function: 'b',
      definedIn: '0002_again',
    });
    expect(() =>
      build(['0001_first', first], ['0002_twice', `CREATE TRIGGER "t" AFTER UPDATE ON "x" EXECUTE FUNCTION "b"();`]),
    ).toThrow('0002_twice, line 1: trigger t on x already exists (0001_first)');
  });

  it('drops a trigger, and refuses to drop one that does not exist unless IF EXISTS', () => {
    const create = `${touch('a')}CREATE TRIGGER "t" AFTER INSERT ON "x" EXECUTE FUNCTION "a"();
CREATE TRIGGER "u" AFTER INSERT ON "x" EXECUTE FUNCTION "a"();`;
    const schema = build(
      ['0001_create', create],
      ['0002_drop', 'DROP TRIGGER "t" ON "x";DROP TRIGGER IF EXISTS "v" ON x;'],
    );
    expect([...schema.triggers.keys()]).toEqual(['x.u']);
    expect(() => build(['0001_create', create], ['0002_drop', '\nDROP TRIGGER "v" ON "x";'])).toThrow(
      '0002_drop, line 2: trigger v on x does not exist',
    );
  });

  it('takes the function from the migration that last defined it, and its comment from there only', () => {
    const schema = build(
      ['0001_a', `${touch('f', '-- First words.')}CREATE TRIGGER "t" AFTER INSERT ON "x" EXECUTE FUNCTION "f"();`],
      ['0002_b', touch('g').replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION').replaceAll('"g"', '"f"')],
      ['0003_c', 'CREATE OR REPLACE FUNCTION "f"() RETURNS trigger LANGUAGE sql AS $$ SELECT 1 $$;'],
    );
    const fn = schema.functions.get('f')!;
    expect(fn.definedIn).toEqual(['0001_a', '0002_b', '0003_c']);
    expect(fn.comment).toBeNull();
    expect(schema.triggers.get('x.t')!.definedIn).toBe('0001_a');
    expect(() => descriptions(schema, {})).toThrow(/No description[^]*f\(\) \(0003_c; trigger t on x\)/);
    expect(descriptions(schema, { f: 'Counts the rows.' }).get('f')).toBe('Counts the rows.');
    const text = renderMarkdown(schema, { f: 'Counts the rows.' });
    expect(text).toContain('Defined in: 0001_a, 0002_b, **0003_c**.');
    expect(text).toContain('| `t` | after insert | statement | [`f()`](#f) | 0001_a | 0003_c |');
  });

  it('uses the comment above the drops that make way for a new definition', () => {
    const schema = build(
      ['0001_a', `${touch('old')}CREATE TRIGGER "t" AFTER INSERT ON "x" EXECUTE FUNCTION "old"();`],
      [
        '0002_b',
        `-- Now per row.
DROP TRIGGER "t" ON "x";--> statement-breakpoint
DROP FUNCTION "old"();--> statement-breakpoint
CREATE FUNCTION "new"() RETURNS trigger LANGUAGE sql AS $$ SELECT 1 $$;--> statement-breakpoint
CREATE TRIGGER "t" AFTER INSERT ON "x" FOR EACH ROW EXECUTE FUNCTION "new"();`,
      ],
    );
    expect(schema.functions.has('old')).toBe(false);
    expect(schema.functions.get('new')!.comment).toBe('Now per row.');
    expect(schema.triggers.get('x.t')!.comment).toBeNull();
  });

  it('refuses to drop a function its triggers use, and drops them with CASCADE', () => {
    const create = `${touch('f')}CREATE TRIGGER "t" AFTER INSERT ON "x" EXECUTE FUNCTION "f"();`;
    expect(() => build(['0001_a', create], ['0002_b', 'DROP FUNCTION "f"();'])).toThrow(
      'function f is used by trigger t on x',
    );
    expect(build(['0001_a', create], ['0002_b', 'DROP FUNCTION "f"() CASCADE;']).triggers.size).toBe(0);
    expect(build(['0001_a', create], ['0002_b', 'DROP TABLE "x";']).triggers.size).toBe(0);
  });

  it('follows renamed tables, triggers and functions', () => {
    const schema = build(
      ['0001_a', `${touch('f')}CREATE TRIGGER "t" AFTER INSERT ON "x" EXECUTE FUNCTION "f"();`],
      [
        '0002_b',
        'ALTER TABLE "x" RENAME TO "y";ALTER TRIGGER "t" ON "y" RENAME TO "u";ALTER FUNCTION "f"() RENAME TO "g";',
      ],
    );
    expect(schema.triggers.get('y.u')).toMatchObject({ table: 'y', name: 'u', function: 'g', definedIn: '0002_b' });
  });
});

describe('bodyFacts', () => {
  it('finds the functions called and the tables written, not row locks or upserts', () => {
    const schema = emptySchema();
    applyMigration(
      schema,
      '0001_a',
      `CREATE FUNCTION "helper"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$ DELETE FROM public."log" $$;
CREATE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "organisations" FOR UPDATE;
  INSERT INTO "counters" AS c VALUES (1) ON CONFLICT ("id") DO UPDATE SET "n" = c."n" + 1;
  PERFORM "helper"(ARRAY[NEW."id"]); -- UPDATE "not_this" in a comment
  NEW."seen" := now();
  RAISE EXCEPTION 'no';
END
$$;`,
    );
    expect(bodyFacts(schema.functions.get('f'), schema)).toEqual({
      calls: ['helper'],
      writes: ['counters'],
      sets: ['seen'],
      raises: true,
    });
  });
});

describe('readMigrations', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('reads the migrations in the journal order and refuses a file the journal does not list', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'database-doc-'));
    mkdirSync(path.join(dir, 'meta'));
    const entries = [
      { idx: 1, tag: '0001_second' },
      { idx: 0, tag: '0000_first' },
    ];
    writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ entries }));
    writeFileSync(path.join(dir, '0000_first.sql'), 'SELECT 1;');
    writeFileSync(path.join(dir, '0001_second.sql'), 'SELECT 2;');
    expect(readMigrations(dir).map((m: { tag: string }) => m.tag)).toEqual(['0000_first', '0001_second']);
    writeFileSync(path.join(dir, '0002_forgotten.sql'), 'SELECT 3;');
    expect(() => readMigrations(dir)).toThrow(/never applied: 0002_forgotten\.sql/);
  });
});
