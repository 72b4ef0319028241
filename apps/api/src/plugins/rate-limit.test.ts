import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { describeOnOneDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { createWorld, type World } from '../test/world.ts';
import { TOO_MANY_REQUESTS } from './rate-limit.ts';

const LIMIT = 3;
const garbage = { authorization: 'Bearer a.b.c' };

describeOnOneDatabase('rate limits', (getDatabase) => {
  let issuers: TestIssuers;
  let app: App;
  let world: World;
  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, config: { rateLimitPerMinute: LIMIT } });
    world = await createWorld(getDatabase().db, issuers);
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  const me = (headers: Record<string, string>, remoteAddress: string, instance = app) =>
    instance.inject({ method: 'GET', url: '/api/v1/auth/me', remoteAddress, headers });

  it('answers 429 with a JSON detail and Retry-After once a user exceeds the limit', async () => {
    const { headers } = await world.person();
    for (let i = 0; i < LIMIT; i++) expect((await me(headers, '10.0.0.1')).statusCode).toBe(200);
    const refused = await me(headers, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(TOO_MANY_REQUESTS).toBe('Too many requests: please wait a moment and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts per user, so a colleague behind the same address is unaffected', async () => {
    const busy = await world.person();
    const colleague = await world.person();
    for (let i = 0; i <= LIMIT; i++) await me(busy.headers, '10.0.0.2');
    expect((await me(busy.headers, '10.0.0.2')).statusCode).toBe(429);
    expect((await me(colleague.headers, '10.0.0.2')).statusCode).toBe(200);
  });

  it('answers 429 to an address that keeps failing, yet serves a valid token from that same address', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await me(garbage, '10.0.0.3')).statusCode).toBe(401);
    const refused = await me(garbage, '10.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me({}, '10.0.0.3')).statusCode).toBe(429); // no token at all is a failure too
    // Another address has its own count.
    expect((await me(garbage, '10.0.0.4')).statusCode).toBe(401);
    // Colleagues behind the failing address: one seen before, one signing in for the first time.
    const regular = await world.person();
    expect((await me(regular.headers, '10.0.0.4')).statusCode).toBe(200);
    expect((await me(regular.headers, '10.0.0.3')).statusCode).toBe(200);
    const newcomer = await world.person();
    expect((await me(newcomer.headers, '10.0.0.3')).statusCode).toBe(200);
    // ...and the attacker is still refused.
    expect((await me(garbage, '10.0.0.3')).statusCode).toBe(429);
  });

  it('counts a valid token without an account against that identity, not its address', async () => {
    const stranger = { authorization: `Bearer ${await issuers.hosted({ email: `${randomUUID()}@nowhere.example` })}` };
    for (let i = 0; i < LIMIT; i++) {
      const refused = await me(stranger, '10.0.0.5');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ detail: 'User not found' });
    }
    expect((await me(stranger, '10.0.0.5')).statusCode).toBe(429);
    expect((await me(stranger, '10.0.0.6')).statusCode).toBe(429);
    // Another person without an account, from the same address, still learns why.
    const other = { authorization: `Bearer ${await issuers.hosted({ email: `${randomUUID()}@nowhere.example` })}` };
    expect((await me(other, '10.0.0.5')).json()).toMatchObject({ detail: 'User not found' });
    expect((await me(garbage, '10.0.0.5')).statusCode).toBe(401);
  });

  it('counts malformed bodies, so a user over the limit gets 429 for them too', async () => {
    const member = await world.person();
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/mood/',
        remoteAddress: '10.0.0.7',
        headers: { ...member.headers, 'content-type': 'application/json' },
        payload,
      });
    // Below the limit a malformed body is refused for what it is, and counted.
    expect((await post('{"mood_value":')).statusCode).toBe(400);
    expect((await post('{"mood_value": 9}')).statusCode).toBe(400);
    expect((await me(member.headers, '10.0.0.7')).statusCode).toBe(200);
    expect((await me(member.headers, '10.0.0.7')).statusCode).toBe(429);
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await post(i % 2 ? '{"mood_value": "x"}' : 'not json')).statusCode);
    expect(answers).toEqual(Array(20).fill(429));
  });

  it('counts in each process when no Redis is configured', async () => {
    const other = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      config: { rateLimitPerMinute: LIMIT, redisUrl: undefined },
    });
    try {
      const { headers } = await world.person();
      for (const instance of [app, other]) {
        for (let i = 0; i < LIMIT; i++) expect((await me(headers, '10.0.0.8', instance)).statusCode).toBe(200);
        expect((await me(headers, '10.0.0.8', instance)).statusCode).toBe(429);
      }
    } finally {
      await other.close();
    }
  });

  it('never limits health checks, the runtime configuration or the web app', async () => {
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/config.json', remoteAddress: '10.0.0.9' })).statusCode).toBe(
        200,
      );
    }
  });
});

describeOnOneDatabase('an office behind one address under a flood of bad tokens', (getDatabase) => {
  let issuers: TestIssuers;
  let app: App;
  let world: World;
  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets }); // the default limit, 600
    world = await createWorld(getDatabase().db, issuers);
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('700 requests with a garbage token, then a valid token from the same address answers 200', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 700; i++) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/dashboard/',
        remoteAddress: '192.0.2.10',
        headers: { authorization: `Bearer ${randomUUID()}.${randomUUID()}.x` },
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 600, 429: 100 });
    const colleague = await world.person();
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      remoteAddress: '192.0.2.10',
      headers: colleague.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: colleague.email });
  });
});
