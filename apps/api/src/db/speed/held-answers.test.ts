import { describe, expect, it } from 'vitest';
import { covers, derivedAnswer, heldAnswer, HeldAnswers, sameVersions } from './held-answers.ts';

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
      if (!versions.has(p.key)) return null;
      const version = versions.get(p.key)!;
      return { value: { key: p.key, version }, versions: [version] };
    },
    seen: (_db, p) => ({ versions: [p.atLeast] }),
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

  it('confirms a held answer by versions at least as recent, the same names, and its span of time', async () => {
    expect(covers([2, 'a', null], [1, 'a', null])).toBe(true);
    expect(covers([2, 'a'], [3, 'a'])).toBe(false);
    expect(covers([2, 'a'], [2, 'b'])).toBe(false);
    expect(covers([2, null], [2, 'b'])).toBe(false);

    const reads: number[] = [];
    let version = 1;
    const answer = heldAnswer<{ at: number }, string, null>({
      name: 'timed',
      max: 1,
      key: () => 'one',
      read: async (_db, p) => {
        reads.push(p.at);
        return { value: `read at ${p.at}`, versions: [version], from: 100, until: 200 };
      },
      seen: (_db, p) => ({
        versions: [version],
        at: p.at,
        update: (held) => `${held.split(' (')[0]} (seen at ${p.at})`,
      }),
    });
    const held = new HeldAnswers(null, true);
    expect(await held.get(answer, { at: 150 })).toBe('read at 150');
    expect(await held.get(answer, { at: 199 })).toBe('read at 150 (seen at 199)');
    expect(await held.get(answer, { at: 200 })).toBe('read at 200');
    version = 2;
    expect(await held.get(answer, { at: 150 })).toBe('read at 150');
    expect(reads).toEqual([150, 200, 150]);
  });

  it('keeps an answer made from held answers while its inputs are the same objects, per key', () => {
    const made: string[] = [];
    type Params = { key: string; facts: object; name: string };
    const answer = derivedAnswer<Params, { made: number }>({
      name: 'made',
      max: 2,
      key: (p) => p.key,
      inputs: (p) => [p.facts, p.name],
      make: (p) => {
        made.push(p.key);
        return { made: made.length };
      },
    });
    const held = new HeldAnswers(null, true);
    const facts = { streak: 3 };
    const first = held.derive(answer, { key: 'a', facts, name: 'Ann' });
    expect(held.derive(answer, { key: 'a', facts, name: 'Ann' })).toBe(first);
    // An equal object is another object: what it was made from may have changed.
    expect(held.derive(answer, { key: 'a', facts: { streak: 3 }, name: 'Ann' })).toEqual({ made: 2 });
    expect(held.derive(answer, { key: 'a', facts, name: 'Ann' })).toEqual({ made: 3 });
    expect(held.derive(answer, { key: 'a', facts, name: 'Anna' })).toEqual({ made: 4 });
    expect(held.derive(answer, { key: 'b', facts, name: 'Anna' })).toEqual({ made: 5 });
    expect(held.derive(answer, { key: 'a', facts, name: 'Anna' })).toEqual({ made: 4 });
    // At most `max` keys: c pushes b out, the least recently used.
    held.derive(answer, { key: 'c', facts, name: 'Anna' });
    held.derive(answer, { key: 'b', facts, name: 'Anna' });
    expect(made).toEqual(['a', 'a', 'a', 'a', 'b', 'c', 'b']);
    held.forget();
    held.derive(answer, { key: 'b', facts, name: 'Anna' });
    expect(made).toHaveLength(8);

    const off = new HeldAnswers(null, false);
    off.derive(answer, { key: 'a', facts, name: 'Ann' });
    off.derive(answer, { key: 'a', facts, name: 'Ann' });
    expect(made).toHaveLength(10);
  });

  it('tells whether two sealed versions are the same', () => {
    expect(sameVersions([1, 2, 'x'], [1, 2, 'x'])).toBe(true);
    expect(sameVersions([1, 2], [1, 3])).toBe(false);
    expect(sameVersions([1, 2], [1, 2, 3])).toBe(false);
    expect(sameVersions([null], ['a'])).toBe(false);
  });
});
