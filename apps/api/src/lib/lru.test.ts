import { describe, expect, it } from 'vitest';
import { LruMap } from './lru.ts';

describe('LruMap', () => {
  it('drops the least recently used entry when a write takes it past its limit', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recently used
    map.set('c', 3);
    expect(map.peek('b')).toBeUndefined();
    expect([map.peek('a'), map.peek('c'), map.size]).toEqual([1, 3, 2]);
  });

  it('counts a rewrite as use, and a peek as none', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.peek('a');
    map.set('b', 20);
    map.set('c', 3);
    expect(map.peek('a')).toBeUndefined();
    expect(map.get('b')).toBe(20);
    map.delete('b');
    map.clear();
    expect(map.size).toBe(0);
  });

  it('hands every entry it drops to onEvict, and only those', () => {
    const dropped: [string, number][] = [];
    const map = new LruMap<string, number>(2, (key, value) => dropped.push([key, value]));
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.delete('b');
    map.set('c', 3);
    expect(dropped).toEqual([]);
    map.set('d', 4);
    expect(dropped).toEqual([['a', 10]]);
  });
});
