import type { FastifyBaseLogger } from 'fastify';

// A counter per key over fixed windows: the first hit opens a window of windowMs, later hits in
// that window add to it, and the counter disappears when the window ends.
export type Count = { count: number; resetInMs: number };
export type CounterStore = {
  hit(key: string, windowMs: number): Promise<Count>;
  // Reads without counting; null when no window is open for the key.
  peek(key: string): Promise<Count | null>;
  close(): Promise<void>;
};

export function memoryStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const open = (key: string, at: number) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= at) counters.delete(key);
    return entry && entry.resetAt > at ? entry : undefined;
  };
  // Forget ended windows so requests from many keys cannot grow the map without bound.
  const sweep = setInterval(() => {
    const at = now();
    for (const [key, entry] of counters) if (entry.resetAt <= at) counters.delete(key);
  }, 60_000).unref();
  return {
    async hit(key, windowMs) {
      const at = now();
      const entry = open(key, at) ?? { count: 0, resetAt: at + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      return { count: entry.count, resetInMs: entry.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const entry = open(key, at);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - at } : null;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// INCR and PEXPIRE in one script, so two instances counting at once never lose a hit nor leave a
// counter without expiry (the second branch repairs a key written by anything else).
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

type Scripts = {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitPeek(key: string): Promise<[number, number] | null>;
};

export type RedisStoreOptions = { url: string; keyPrefix: string; timeoutMs: number; logger: FastifyBaseLogger };

// Every command either answers within timeoutMs or fails: while Redis is disconnected commands fail
// at once (no offline queue), and the client keeps reconnecting in the background.
// The Redis client is loaded only where REDIS_URL is set: a server without it starts without it.
export async function redisStore({ url, keyPrefix, timeoutMs, logger }: RedisStoreOptions): Promise<CounterStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    keyPrefix,
    commandTimeout: timeoutMs,
    connectTimeout: Math.max(timeoutMs, 1000),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    lazyConnect: true,
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // Reconnection retries repeat the same error; one line per distinct cause is enough.
    if (error.message !== lastError) logger.warn({ err: error }, 'rate limits: Redis connection error');
    lastError = error.message;
  });
  redis.on('ready', () => {
    if (lastError) logger.info('rate limits: Redis reachable again');
    lastError = '';
  });
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK });
  const scripts = redis as unknown as Scripts;

  // Starting while Redis is away is allowed: requests are let through until it answers.
  const connected = redis.connect().catch(() => undefined);
  const waited = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(timeoutMs, 1000)).unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!waited) logger.warn({ url: redactedUrl(url) }, 'rate limits: Redis is not reachable yet');
  void connected;

  return {
    async hit(key, windowMs) {
      const [count, ttl] = await scripts.rateLimitHit(key, windowMs);
      return { count, resetInMs: ttl };
    },
    async peek(key) {
      const found = await scripts.rateLimitPeek(key);
      return found && found[1] > 0 ? { count: found[0], resetInMs: found[1] } : null;
    },
    async close() {
      redis.disconnect();
    },
  };
}

function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

// Redis unreachable or slow: the request goes through uncounted instead of waiting or failing.
// After a failure the store is left alone for pauseMs, so requests in that time go through at once
// and a hung Redis cannot pile up waiting commands. One warning when this starts, then at most one
// every warnEveryMs with how many requests went uncounted.
export function failingOpen(
  store: CounterStore,
  logger: FastifyBaseLogger,
  { pauseMs = 1000, warnEveryMs = 10_000, now = Date.now } = {},
): CounterStore {
  let uncounted = 0;
  let lastWarning = 0;
  let pausedUntil = 0;
  const letThrough = (error: unknown) => {
    uncounted += 1;
    const at = now();
    if (uncounted === 1 || at - lastWarning >= warnEveryMs) {
      logger.warn(
        { err: error, uncounted },
        'rate limits: counter store unavailable, letting requests through uncounted',
      );
      lastWarning = at;
    }
  };
  async function guarded<T>(ask: () => Promise<T>, fallback: T): Promise<T> {
    if (now() < pausedUntil) {
      letThrough(new Error('paused after a failure of the counter store'));
      return fallback;
    }
    try {
      const result = await ask();
      if (uncounted > 0) logger.info({ uncounted }, 'rate limits: counter store answering again');
      uncounted = 0;
      return result;
    } catch (error) {
      pausedUntil = now() + pauseMs;
      letThrough(error);
      return fallback;
    }
  }
  return {
    hit: (key, windowMs) => guarded(() => store.hit(key, windowMs), { count: 0, resetInMs: windowMs }),
    peek: (key) => guarded(() => store.peek(key), null),
    close: () => store.close(),
  };
}
