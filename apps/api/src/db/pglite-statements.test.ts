import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useNamedStatements } from './pglite-statements.ts';

// Two clients on two in-memory databases with the same table: one with PGlite's own query(), one
// with named statements. Every answer and every error must be the same.
describe('named statements on the embedded database', () => {
  let plain: PGlite;
  let named: PGlite;
  const setup = `create table t (id uuid primary key, name text not null unique, born date, tags int[],
    data jsonb, score numeric, active boolean, at timestamptz);`;

  beforeEach(async () => {
    plain = new PGlite();
    named = new PGlite();
    await Promise.all([plain.exec(setup), named.exec(setup)]);
    useNamedStatements(named, { max: 3 });
  }, 60_000);
  afterEach(async () => {
    await Promise.all([plain.close(), named.close()]);
  });

  const both = async <T>(text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const [a, b] = await Promise.all([plain.query<T>(text, params, options), named.query<T>(text, params, options)]);
    expect(b).toEqual(a);
    return b;
  };
  // Statements held in the backend whose text starts with `prefix`, and all of them.
  const prepared = async (prefix: string) =>
    (
      await named.query<{ n: number; all: number }>(
        `select (count(*) filter (where starts_with(statement, $1)))::int as n, count(*)::int as all
         from pg_prepared_statements`,
        [prefix],
      )
    ).rows[0]!;

  it('answers as query() does, for every type, both row modes and per-query parsers', async () => {
    const insert = `insert into t (id, name, born, tags, data, score, active, at)
      values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const rows: unknown[][] = [
      [
        '0b6f1c1e-4f38-4c39-9a56-0b3a1d0e2a11',
        "O'Brien — “quoted”, ü",
        '2026-02-28',
        [1, 2, 3],
        { a: [1, 'x'] },
        '12.50',
        true,
        new Date('2026-11-24T10:00:00Z'),
      ],
      ['5f0b4c5e-2d4a-4f8e-8b1a-3c2d1e0f9a22', 'no extras', null, null, null, null, false, null],
    ];
    for (const values of rows) {
      const result = await both(insert, values);
      expect(result.affectedRows).toBe(1);
      expect(result.rows).toHaveLength(1);
    }
    const select = 'select * from t where active = $1 or name = $2 order by name';
    for (let i = 0; i < 3; i++) {
      await both(select, [true, 'no extras']);
      await both(select, [true, 'no extras'], { rowMode: 'array' });
      await both(select, [false, 'nobody'], { rowMode: 'array', parsers: { [types.DATE]: (v: string) => v } });
    }
    const update = await both('update t set score = score + 1 where score is not null', []);
    expect(update.affectedRows).toBe(1);
    const none = await both('select * from t where name = $1', ['nobody']);
    expect(none.rows).toEqual([]);
  });

  it('parses each text once and keeps a bounded number of statements, closing the ones it drops', async () => {
    for (let i = 0; i < 5; i++) await named.query('select $1::int + 1 as n', [i]);
    expect((await prepared('select $1::int + 1')).n).toBe(1);
    for (let i = 0; i < 6; i++) await named.query(`select ${i} as n, $1::text as t`, ['x']);
    // At most three are held (the count's own statement among them): the older texts were closed.
    const latest = await prepared('select 5 as n');
    expect([latest.n, latest.all]).toEqual([1, 3]);
    const first = await prepared('select $1::int + 1');
    expect([first.n, first.all]).toEqual([0, 3]);
    expect((await named.query<{ n: number }>('select $1::int + 1 as n', [41])).rows[0]!.n).toBe(42);
  });

  it('raises the same errors and keeps working after them', async () => {
    const attempts: [string, unknown[]][] = [
      ['selec 1', []],
      ['select * from t where id = $1', ['not-a-uuid']],
      ['insert into t (id, name) values ($1, $2)', ['0b6f1c1e-4f38-4c39-9a56-0b3a1d0e2a11', null]],
    ];
    for (const [text, params] of attempts) {
      const [a, b] = await Promise.allSettled([plain.query(text, params), named.query(text, params)]);
      expect(a.status).toBe('rejected');
      expect(b.status).toBe('rejected');
      const code = (r: PromiseSettledResult<unknown>) => ((r as PromiseRejectedResult).reason as { code: string }).code;
      expect(code(b)).toBe(code(a));
    }
    const id = '0b6f1c1e-4f38-4c39-9a56-0b3a1d0e2a11';
    await named.query('insert into t (id, name) values ($1, $2)', [id, 'one']);
    await expect(named.query('insert into t (id, name) values ($1, $2)', [id, 'two'])).rejects.toMatchObject({
      code: '23505',
    });
    expect((await named.query('select name from t')).rows).toEqual([{ name: 'one' }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let inserted!: () => void;
    const insertedPromise = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = named
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', ['0b6f1c1e-4f38-4c39-9a56-0b3a1d0e2a11', 'undone']);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await insertedPromise;
    const count = named.query<{ n: number }>('select count(*)::int as n from t where name = $1', ['undone']);
    expect(await transaction).toBe('rolled back');
    expect((await count).rows[0]!.n).toBe(0);
  });

  it('prepares a statement again when a table it reads changes shape', async () => {
    await named.query('insert into t (id, name) values ($1, $2)', ['0b6f1c1e-4f38-4c39-9a56-0b3a1d0e2a11', 'one']);
    const read = () => named.query<Record<string, unknown>>('select * from t where name = $1', ['one']);
    expect(Object.keys((await read()).rows[0]!)).not.toContain('extra');
    await named.exec('alter table t add column extra text default $$x$$');
    expect((await read()).rows[0]!.extra).toBe('x');
  });
});
