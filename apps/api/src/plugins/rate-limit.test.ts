import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createOrganisation, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { TOO_MANY_REQUESTS } from './rate-limit.ts';

const LIMIT = 3;

describe('rate limits', () => {
  let database: TestDatabase;
  let issuers: TestIssuers;
  let app: App;
  let organisationId: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    issuers = await createTestIssuers();
    app = await createTestApp(database, { keySets: issuers.keySets, config: { rateLimitPerMinute: LIMIT } });
    organisationId = (await createOrganisation(database.db, { emailDomains: ['limits.example'] })).id;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  async function signedIn() {
    const email = `${randomUUID().slice(0, 8)}@limits.example`;
    await createUser(database.db, { organisationId, email });
    const token = await issuers.hosted({ email });
    return (remoteAddress = '10.0.0.1') =>
      app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });
  }

  it('answers 429 with a JSON detail and Retry-After once a user exceeds the limit', async () => {
    const me = await signedIn();
    for (let i = 0; i < LIMIT; i++) expect((await me()).statusCode).toBe(200);
    const refused = await me();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(TOO_MANY_REQUESTS).toBe('Too many requests: please wait a moment and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts per user, so a colleague behind the same address is unaffected', async () => {
    const busy = await signedIn();
    const colleague = await signedIn();
    for (let i = 0; i <= LIMIT; i++) await busy('10.0.0.2');
    expect((await busy('10.0.0.2')).statusCode).toBe(429);
    expect((await colleague('10.0.0.2')).statusCode).toBe(200);
  });

  it('turns away an address after repeated refused sign-ins, and only that address', async () => {
    const bad = { method: 'GET', url: '/api/v1/auth/me', headers: { authorization: 'Bearer a.b.c' } } as const;
    for (let i = 0; i < LIMIT; i++) {
      expect((await app.inject({ ...bad, remoteAddress: '10.0.0.3' })).statusCode).toBe(401);
    }
    const refused = await app.inject({ ...bad, remoteAddress: '10.0.0.3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await app.inject({ ...bad, remoteAddress: '10.0.0.4' })).statusCode).toBe(401);
    const me = await signedIn();
    expect((await me('10.0.0.4')).statusCode).toBe(200);
  });

  it('counts in each process when no Redis is configured', async () => {
    const other = await createTestApp(database, {
      keySets: issuers.keySets,
      config: { rateLimitPerMinute: LIMIT, redisUrl: undefined },
    });
    try {
      const email = `${randomUUID().slice(0, 8)}@limits.example`;
      await createUser(database.db, { organisationId, email });
      const headers = { authorization: `Bearer ${await issuers.hosted({ email })}` };
      for (const instance of [app, other]) {
        for (let i = 0; i < LIMIT; i++) {
          expect((await instance.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).statusCode).toBe(200);
        }
        expect((await instance.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).statusCode).toBe(429);
      }
    } finally {
      await other.close();
    }
  });

  it('never limits health checks, the runtime configuration or the web app', async () => {
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.5' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/config.json', remoteAddress: '10.0.0.5' })).statusCode).toBe(
        200,
      );
    }
  });
});
