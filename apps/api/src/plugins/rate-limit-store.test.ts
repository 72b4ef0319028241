import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { failingOpen, memoryStore, type CounterStore } from './rate-limit-store.ts';

function clock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('in-process counters', () => {
  it('counts within a window and starts over when it ends', async () => {
    const time = clock();
    const store = memoryStore(time.now);
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    time.advance(400);
    expect(await store.hit('a', 1000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await store.peek('a')).toEqual({ count: 2, resetInMs: 600 });
    expect(await store.peek('b')).toBeNull();
    time.advance(600);
    expect(await store.peek('a')).toBeNull();
    expect(await store.hit('a', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    await store.close();
  });
});

describe('failing open', () => {
  function flaky() {
    let failing = true;
    let calls = 0;
    const store: CounterStore = {
      hit: async () => {
        calls += 1;
        if (failing) throw new Error('connection refused');
        return { count: 7, resetInMs: 5 };
      },
      peek: async () => {
        calls += 1;
        if (failing) throw new Error('connection refused');
        return null;
      },
      close: async () => undefined,
    };
    return { store, calls: () => calls, heal: () => (failing = false) };
  }

  it('lets requests through uncounted, leaves the store alone for a pause, then asks again', async () => {
    const time = clock();
    const lines: { level: number; msg: string; uncounted?: number }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const backend = flaky();
    const store = failingOpen(backend.store, logger, { pauseMs: 1000, now: time.now });

    expect(await store.hit('k', 60_000)).toEqual({ count: 0, resetInMs: 60_000 });
    expect(await store.peek('k')).toBeNull();
    expect(backend.calls()).toBe(1);
    time.advance(999);
    await store.hit('k', 60_000);
    expect(backend.calls()).toBe(1);

    backend.heal();
    time.advance(1);
    expect(await store.hit('k', 60_000)).toEqual({ count: 7, resetInMs: 5 });
    expect(backend.calls()).toBe(2);
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'rate limits: counter store answering again', uncounted: 3 });
  });
});

describe('configuration', () => {
  it('reads REDIS_URL and REDIS_KEY_PREFIX, and refuses a URL that is not redis:// or rediss://', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({}).redisKeyPrefix).toBe('habitrack:');
    const config = loadConfig({ REDIS_URL: 'rediss://:secret@cache.example:6380/2', REDIS_KEY_PREFIX: 'staging:' });
    expect(config).toMatchObject({ redisUrl: 'rediss://:secret@cache.example:6380/2', redisKeyPrefix: 'staging:' });
    expect(() => loadConfig({ REDIS_URL: 'http://cache.example' })).toThrow(
      'Environment variable REDIS_URL is invalid: must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379.',
    );
  });
});
