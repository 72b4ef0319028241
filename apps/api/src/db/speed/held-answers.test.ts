import { describe, expect, it } from 'vitest';
import { heldAnswer, HeldAnswers } from './held-answers.ts';

// A value per key as of a version; a request accepts a held value at least as recent as the
// version it read itself.
function counter() {
  const reads: string[] = [];
  const versions = new Map<string, number>();
  const answer = heldAnswer<{ key: string; atLeast: number }, { key: string; version: number }, null>({
    name: 'test',
    max: 2,
    key: (p) => p.key,
    read: async (_db, p) => {
      reads.push(p.key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return versions.has(p.key) ? { key: p.key, version: versions.get(p.key)! } : null;
    },
    reuse: (_db, held, p) => (held.version >= p.atLeast ? held : null),
  });
  return { reads, versions, answer };
}

describe('held answers', () => {
  it('answers from what it holds while the request accepts it, and reads again when not', async () => {
    const { reads, versions, answer } = counter();
    const held = new HeldAnswers(null, true);
    versions.set('a', 1);
    expect(await held.get(answer, { key: 'a', atLeast: 1 })).toEqual({ key: 'a', version: 1 });
    expect(await held.get(answer, { key: 'a', atLeast: 1 })).toEqual({ key: 'a', version: 1 });
    expect(reads).toEqual(['a']);
    versions.set('a', 2);
    expect(await held.get(answer, { key: 'a', atLeast: 2 })).toEqual({ key: 'a', version: 2 });
    expect(reads).toEqual(['a', 'a']);
  });

  it('reads a key once for requests arriving together', async () => {
    const { reads, versions, answer } = counter();
    const held = new HeldAnswers(null, true);
    versions.set('a', 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => held.get(answer, { key: 'a', atLeast: 3 })));
    expect(answers.every((a) => a?.version === 3)).toBe(true);
    expect(reads).toEqual(['a']);
  });

  it('holds at most `max` keys, the least recently used going first, and holds nothing for a missing one', async () => {
    const { reads, versions, answer } = counter();
    const held = new HeldAnswers(null, true);
    for (const key of ['a', 'b', 'c']) versions.set(key, 1);
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await held.get(answer, { key, atLeast: 1 });
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    expect(await held.get(answer, { key: 'gone', atLeast: 0 })).toBeNull();
    expect(await held.get(answer, { key: 'gone', atLeast: 0 })).toBeNull();
    expect(reads.filter((k) => k === 'gone')).toHaveLength(2);
  });

  it('reads every time when holding is off, and holds nothing after forget()', async () => {
    const { reads, versions, answer } = counter();
    versions.set('a', 1);
    const off = new HeldAnswers(null, false);
    await off.get(answer, { key: 'a', atLeast: 1 });
    await off.get(answer, { key: 'a', atLeast: 1 });
    expect(reads).toEqual(['a', 'a']);
    const on = new HeldAnswers(null, true);
    await on.get(answer, { key: 'a', atLeast: 1 });
    on.forget();
    await on.get(answer, { key: 'a', atLeast: 1 });
    expect(reads).toEqual(['a', 'a', 'a', 'a']);
  });
});
