import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.ts';
import { sharedStatement, SharedStatements } from './shared-statements.ts';

// Each word's length (plus n), none for the word 'none', an error when n is not a number, and
// how many calls shared the statement.
const lengths = sharedStatement<{ word: string; n: string | null }, { length: number; together: number }>({
  name: 'test_word_lengths',
  params: { word: 'text', n: 'text' },
  query: (p) => sql`select ${p.position} as position, json_build_object(
      'length', length(${p.word}) + coalesce(${p.n}::int, 0), 'together', count(*) over ()) as row
    from ${p.table} where ${p.word} <> 'none'`,
});

const keyed = sharedStatement<{ key: string; word: string }, { word: string; together: number }>({
  name: 'test_keyed_words',
  params: { key: 'text', word: 'text' },
  conflictKey: (call) => call.key,
  query: (p) => sql`select ${p.position} as position,
      json_build_object('word', ${p.word}, 'together', count(*) over ()) as row
    from ${p.table}`,
});

// Named subqueries in the statement's own WITH: each word upper-cased in one, read by the query.
const shouted = sharedStatement<{ word: string }, { shouted: string }>({
  name: 'test_shouted_words',
  params: { word: 'text' },
  with: (p) => sql`loud as (select ${p.position} as position, upper(${p.word}) as word from ${p.table})`,
  query: () => sql`select l.position, json_build_object('shouted', l.word) as row from loud l`,
});

describeEachDatabase('shared statements', (getDatabase) => {
  const statementsOf = async (run: () => Promise<unknown>) => {
    const { queries } = getDatabase();
    const start = queries.length;
    await run();
    return queries.slice(start).filter((q) => /unnest/.test(q));
  };
  const shared = (sharing: boolean) => new SharedStatements(getDatabase().runPrepared, sharing);

  it("reads its named subqueries from the statement's own WITH", async () => {
    const statements = shared(true);
    const answers = await Promise.all(['a', 'bc'].map((word) => statements.run(shouted, { word })));
    expect(answers).toEqual([{ shouted: 'A' }, { shouted: 'BC' }]);
  });

  it('sends calls made together as one statement and answers each its own row, a lone call as a statement of one', async () => {
    const statements = shared(true);
    const words = ['a', 'bb', 'none', 'dddd', 'eeeee'];
    let answers: unknown[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all(words.map((word) => statements.run(lengths, { word, n: null })));
    });
    expect(sent).toHaveLength(1);
    expect(answers).toEqual([
      { length: 1, together: 4 },
      { length: 2, together: 4 },
      null,
      { length: 4, together: 4 },
      { length: 5, together: 4 },
    ]);
    expect(await statements.run(lengths, { word: 'abc', n: '10' })).toEqual({ length: 13, together: 1 });
  });

  it('runs each call alone when their statement fails, so only the failing call gets the error', async () => {
    const statements = shared(true);
    const results = await Promise.allSettled(['1', 'x', '3'].map((n) => statements.run(lengths, { word: 'abc', n })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value?.length : null))).toEqual([4, null, 6]);
    // The database still answers afterwards.
    expect(await statements.run(lengths, { word: 'ok', n: null })).toEqual({ length: 2, together: 1 });
  });

  it('never puts two calls with the same conflict key in one statement, and keeps their order', async () => {
    const statements = shared(true);
    const calls = [
      { key: 'a', word: 'first' },
      { key: 'b', word: 'other' },
      { key: 'a', word: 'second' },
      { key: 'a', word: 'third' },
    ];
    let answers: ({ word: string; together: number } | null)[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all(calls.map((call) => statements.run(keyed, call)));
    });
    expect(sent).toHaveLength(3);
    expect(answers.map((a) => [a?.word, a?.together])).toEqual([
      ['first', 2],
      ['other', 2],
      ['second', 1],
      ['third', 1],
    ]);
  });

  it('sends every call on its own when sharing is off, with the same answers', async () => {
    const statements = shared(false);
    let answers: unknown[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all(['a', 'none', 'ccc'].map((word) => statements.run(lengths, { word, n: null })));
    });
    expect(sent).toHaveLength(3);
    expect(answers).toEqual([{ length: 1, together: 1 }, null, { length: 3, together: 1 }]);
  });
});
