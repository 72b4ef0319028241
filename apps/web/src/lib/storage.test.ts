import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readRawItem, storedItem } from './storage.ts';

const item = storedItem('example', z.object({ count: z.number() }));

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('storedItem', () => {
  it('writes JSON and reads it back through the schema', () => {
    item.write({ count: 2 });
    expect(localStorage.getItem('example')).toBe('{"count":2}');
    expect(item.read()).toEqual({ count: 2 });

    item.remove();
    expect(localStorage.getItem('example')).toBeNull();
  });

  it('reads nothing when the entry is missing, corrupt JSON or of the wrong shape', () => {
    expect(item.read()).toBeUndefined();
    localStorage.setItem('example', '{not json');
    expect(item.read()).toBeUndefined();
    localStorage.setItem('example', '{"count":"two"}');
    expect(item.read()).toBeUndefined();
  });

  it('keeps a session item for the tab only (session storage)', () => {
    const tabItem = storedItem('example', z.number(), 'session');
    tabItem.write(7);
    expect(sessionStorage.getItem('example')).toBe('7');
    expect(localStorage.getItem('example')).toBeNull();
    expect(tabItem.read()).toBe(7);
  });

  it('does not throw when storage refuses (quota exceeded, private mode)', () => {
    const refuse = () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);

    expect(() => item.write({ count: 1 })).not.toThrow();
    expect(item.read()).toBeUndefined();
    expect(() => item.remove()).not.toThrow();
    expect(readRawItem('example')).toBeNull();
  });
});

describe('readRawItem', () => {
  it("reads other libraries' entries as they are", () => {
    localStorage.setItem('msal.2.account.keys', '["a"]');
    expect(readRawItem('msal.2.account.keys')).toBe('["a"]');
    expect(readRawItem('missing')).toBeNull();
  });
});
