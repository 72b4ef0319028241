import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createOrganisation, createUser } from '../test/factories.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { REDIS_TIMEOUT_MS, TOO_MANY_REQUESTS } from './rate-limit.ts';
import { redisStore } from './rate-limit-store.ts';
import { findTestRedis } from '../test/redis-server.ts';

// The machine's Redis, or one started for these tests (test/redis-server.ts). Each test writes under
// its own key prefix.
const testRedis = await findTestRedis();
const REDIS_URL = testRedis.url ?? 'redis://127.0.0.1:6379';
const LIMIT = 4;
// What "answered without waiting for Redis" means here: the Redis timeout plus generous room for
// a loaded test machine, still far below any client's patience (and far below the many seconds a
// client with an offline queue and reconnection retries would hold a request).
const ANSWER_BOUND_MS = REDIS_TIMEOUT_MS + 1750;

type LogLine = { level: number; msg: string };

// A TCP relay in front of the real Redis that can hang (hold every byte) or go away entirely.
async function redisRelay() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  let held: (() => void)[] | null = null;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        close();
      });
      socket.on('error', close);
    }
    client.on('data', (chunk) => (held ? held.push(() => upstream.write(chunk)) : upstream.write(chunk)));
    upstream.on('data', (chunk) => (held ? held.push(() => client.write(chunk)) : client.write(chunk)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    hang: () => {
      held = [];
    },
    resume: () => {
      const pending = held ?? [];
      held = null;
      for (const send of pending) send();
    },
    stop: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

if (testRedis.reason) it.skip(`rate limits shared through Redis: skipped, ${testRedis.reason}`, () => {});

describe.runIf(testRedis.url)('rate limits shared through Redis', () => {
  let database: TestDatabase;
  let issuers: TestIssuers;
  let redis: Redis;
  let organisationId: string;
  const apps: App[] = [];
  let prefix: string;
  let logs: LogLine[];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    issuers = await createTestIssuers();
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    organisationId = (await createOrganisation(database.db, { emailDomains: ['shared-limits.example'] })).id;
  }, 60_000);
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  });
  afterAll(async () => {
    redis.disconnect();
    await database.dispose();
    testRedis.stop();
  });

  async function instance(redisUrl = REDIS_URL) {
    logs = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
    const app = await buildApp({
      config: testConfig({ rateLimitPerMinute: LIMIT, redisUrl, redisKeyPrefix: prefix }),
      database,
      keySets: issuers.keySets,
      logger,
    });
    apps.push(app);
    await app.ready();
    return app;
  }

  async function member() {
    const email = `${randomUUID().slice(0, 8)}@shared-limits.example`;
    const user = await createUser(database.db, { organisationId, email });
    const token = await issuers.hosted({ email });
    return {
      id: user.id,
      me: (app: App) =>
        app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } }),
    };
  }

  async function timed<T>(work: () => Promise<T>) {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  }

  it('gives two instances one budget per user: the request over the limit is refused on either', async () => {
    prefix = `test:${randomUUID()}:`;
    const [first, second] = [await instance(), await instance()];
    const { me } = await member();
    for (let i = 0; i < LIMIT; i++) expect((await me(i % 2 ? second : first)).statusCode).toBe(200);
    for (const app of [first, second]) {
      const refused = await me(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const colleague = await member();
    expect((await colleague.me(second)).statusCode).toBe(200);
  });

  it('shares the count of refused sign-ins per address between instances', async () => {
    prefix = `test:${randomUUID()}:`;
    const [first, second] = [await instance(), await instance()];
    const bad = { method: 'GET', url: '/api/v1/auth/me', headers: { authorization: 'Bearer a.b.c' } } as const;
    for (let i = 0; i < LIMIT; i++) {
      const app = i % 2 ? second : first;
      expect((await app.inject({ ...bad, remoteAddress: '10.1.0.1' })).statusCode).toBe(401);
    }
    const refused = await second.inject({ ...bad, remoteAddress: '10.1.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await first.inject({ ...bad, remoteAddress: '10.1.0.2' })).statusCode).toBe(401);
  });

  it('keeps counters in Redis under the configured prefix with an expiry of one minute', async () => {
    prefix = `test:${randomUUID()}:`;
    const app = await instance();
    const { id, me } = await member();
    await me(app);
    await me(app);
    const key = `${prefix}rate:requests:user:${id}`;
    expect(await redis.get(key)).toBe('2');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('lets a counter expire when its window ends, and the next hit starts a new window', async () => {
    prefix = `test:${randomUUID()}:`;
    const store = await redisStore({
      url: REDIS_URL,
      keyPrefix: prefix,
      timeoutMs: 250,
      logger: pino({ level: 'silent' }),
    });
    try {
      expect(await store.hit('k', 300)).toMatchObject({ count: 1 });
      expect(await store.hit('k', 300)).toMatchObject({ count: 2 });
      expect((await store.peek('k'))?.count).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await redis.exists(`${prefix}k`)).toBe(0);
      expect(await store.peek('k')).toBeNull();
      const fresh = await store.hit('k', 300);
      expect(fresh.count).toBe(1);
      expect(fresh.resetInMs).toBeGreaterThan(0);
      expect(fresh.resetInMs).toBeLessThanOrEqual(300);
    } finally {
      await store.close();
    }
  });

  it('counts every hit exactly once when many arrive at the same time', async () => {
    prefix = `test:${randomUUID()}:`;
    const silent = pino({ level: 'silent' });
    const stores = await Promise.all(
      [0, 1].map(() => redisStore({ url: REDIS_URL, keyPrefix: prefix, timeoutMs: 1000, logger: silent })),
    );
    try {
      const counts = await Promise.all(
        Array.from({ length: 200 }, (_, i) => stores[i % 2]!.hit('burst', 60_000).then((r) => r.count)),
      );
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('answers within a bound and lets requests through when Redis cannot be reached', async () => {
    prefix = `test:${randomUUID()}:`;
    const unreachable = `redis://127.0.0.1:${await closedPort()}`;
    const started = await timed(() => instance(unreachable));
    expect(started.ms).toBeLessThan(5_000);
    const { me } = await member();
    for (let i = 0; i < LIMIT + 2; i++) {
      const { result, ms } = await timed(() => me(apps[0]!));
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    }
    expect(logs.some((line) => line.level === 40 && /letting requests through uncounted/.test(line.msg))).toBe(true);
  });

  it('lets a request through after the timeout when Redis hangs, and counts again once it answers', async () => {
    const relay = await redisRelay();
    prefix = `test:${randomUUID()}:`;
    const app = await instance(relay.url);
    const { id, me } = await member();
    expect((await me(app)).statusCode).toBe(200);

    relay.hang();
    const { result, ms } = await timed(() => me(app));
    expect(result.statusCode).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(REDIS_TIMEOUT_MS - 10);
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    expect(logs.some((line) => line.level === 40 && /uncounted/.test(line.msg))).toBe(true);

    relay.resume();
    const key = `${prefix}rate:requests:user:${id}`;
    await eventually(async () => {
      await me(app);
      return Number(await redis.get(key)) >= LIMIT;
    }, 5_000);
    expect((await me(app)).statusCode).toBe(429);
    await relay.stop();
  });

  it('starts while Redis is away and begins counting once it is reachable', async () => {
    const relay = await redisRelay();
    await relay.stop();
    prefix = `test:${randomUUID()}:`;
    const app = await instance(relay.url);
    const { id, me } = await member();
    for (let i = 0; i < LIMIT + 1; i++) expect((await me(app)).statusCode).toBe(200);

    await relay.start();
    const key = `${prefix}rate:requests:user:${id}`;
    await eventually(async () => {
      await me(app);
      return Number(await redis.get(key)) >= LIMIT;
    }, 10_000);
    expect((await me(app)).statusCode).toBe(429);
    await relay.stop();
  });

  it('recovers when Redis comes back after going away', async () => {
    const relay = await redisRelay();
    prefix = `test:${randomUUID()}:`;
    const app = await instance(relay.url);
    const { id, me } = await member();
    expect((await me(app)).statusCode).toBe(200);

    await relay.stop();
    for (let i = 0; i < LIMIT + 1; i++) {
      const { result, ms } = await timed(() => me(app));
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    }

    await relay.start();
    const key = `${prefix}rate:requests:user:${id}`;
    await eventually(async () => {
      await me(app);
      return Number(await redis.get(key)) >= LIMIT;
    }, 10_000);
    const refused = await me(app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(logs.some((line) => /answering again|reachable again/.test(line.msg))).toBe(true);
    await relay.stop();
  });
});
