import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { SCIM_ERROR_SCHEMA } from '../../lib/scim-error.ts';
import { TOO_MANY_REQUESTS } from '../../plugins/rate-limit.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scimClient } from './testing/scim.ts';

const LIMIT = 3;

// /scim/v2 is limited per token, and failed tokens per address, with the /api/v1 limiter's store;
// the refusal is a SCIM error (RFC 7644 §3.12) with Retry-After.
describeEachDatabase('SCIM rate limit', (getDatabase) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(getDatabase(), { config: { rateLimitPerMinute: LIMIT } });
  });
  afterAll(async () => {
    await app.close();
  });

  const expectScim429 = (response: Awaited<ReturnType<App['inject']>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(response.json()).toEqual({ schemas: [SCIM_ERROR_SCHEMA], status: '429', detail: TOO_MANY_REQUESTS });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('answers 429 in the SCIM error format once a token passes the limit; another token is unaffected', async () => {
    const busy = await scimClient(app, getDatabase().db);
    const other = await scimClient(app, getDatabase().db);
    for (let i = 0; i < LIMIT; i++) expect((await busy.send('GET', '/Users')).statusCode).toBe(200);
    expectScim429(await busy.send('GET', '/Users'));
    expect((await other.send('GET', '/Users')).statusCode).toBe(200);
  });

  it('answers 429 to an address that keeps sending a bad token', async () => {
    const client = await scimClient(app, getDatabase().db);
    const bad = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/scim/v2/Users', remoteAddress, headers: { authorization: 'Bearer nope' } });
    for (let i = 0; i < LIMIT; i++) expect((await bad('10.9.0.1')).statusCode).toBe(401);
    expectScim429(await bad('10.9.0.1'));
    expect((await bad('10.9.0.2')).statusCode).toBe(401);
    expect((await client.send('GET', '/ServiceProviderConfig')).statusCode).toBe(200);
  });
});
