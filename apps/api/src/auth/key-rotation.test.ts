import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { describeOnOneDatabase } from '../test/each-database.ts';
import { createOrganisation, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, testAuth, type TestIssuers } from '../test/tokens.ts';

// The API trusts the hosted issuer's JWKS URL, served here by a real HTTP server. The provider
// rotates its signing key; the running API follows without a restart. Time is the test's own
// (only Date is faked), so the key set's cache and refetch cool-down are crossed without waiting.

type JwksServer = { url: string; publish: (keys: JWK[]) => void; fetches: () => number; close: () => Promise<void> };

async function startJwksServer(): Promise<JwksServer> {
  let keys: JWK[] = [];
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    fetches += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    publish: (next) => {
      keys = next;
    },
    fetches: () => fetches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describeOnOneDatabase('signing key rotation at the identity provider', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let jwks: JwksServer;
  let email: string;
  let userId: string;
  const sub = `auth0|${randomUUID()}`;
  let clock = 0;

  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  beforeAll(async () => {
    // The clock is faked before the API is built, so everything in it that reads Date.now sees it.
    clock = Math.floor(Date.now() / 1000) * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    issuers = await createTestIssuers();
    jwks = await startJwksServer();
    // No local key sets: the API fetches the provider's JWKS like it does in production.
    app = await createTestApp(getDatabase(), {
      config: { auth: { ...testAuth, auth0: { ...testAuth.auth0!, jwksUri: jwks.url } } },
    });
    const organisation = await createOrganisation(getDatabase().db);
    email = `rotation-${randomUUID().slice(0, 8)}@${organisation.emailDomains[0]}`;
    userId = (await createUser(getDatabase().db, { organisationId: organisation.id, email })).id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
    await jwks.close();
  });

  // A token signed now (in the test's time) with the given key, valid for two hours. Each one is a
  // new string (its own jti), so what is checked is the key set, never an earlier verification.
  const token = (key: TestIssuers['hostedKey']) =>
    issuers.hosted({ sub, email, key, claims: { exp: Math.floor(clock / 1000) + 2 * 3600, jti: randomUUID() } });
  const me = async (bearer: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${bearer}` },
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('follows the provider from the old key to the new one, then drops the old one, without a restart', async () => {
    const oldKey = issuers.hostedKey;
    const newKey = issuers.strangerKey;
    expect(newKey.kid).not.toBe(oldKey.kid);

    // 1. The provider signs with the old key.
    jwks.publish([oldKey.publicJwk]);
    const oldToken = await token(oldKey);
    expect(await me(oldToken)).toMatchObject({ status: 200, body: { id: userId } });
    expect(jwks.fetches()).toBe(1);
    expect((await me(await token(oldKey))).status).toBe(200);
    expect(jwks.fetches(), 'the key set is cached between requests').toBe(1);

    // 2. It rotates: it publishes the new key next to the old one and signs with the new one.
    jwks.publish([oldKey.publicJwk, newKey.publicJwk]);
    advance(31 * SECOND); // past the refetch cool-down for an unknown kid
    const newToken = await token(newKey);
    expect(await me(newToken)).toMatchObject({ status: 200, body: { id: userId } });
    expect(jwks.fetches(), 'an unknown kid refetched the key set').toBe(2);
    // Tokens signed with the old key keep working while the provider still publishes it.
    expect((await me(await token(oldKey))).status).toBe(200);
    expect(jwks.fetches()).toBe(2);

    // 3. It removes the old key. Until the cached key set expires the old key still verifies.
    jwks.publish([newKey.publicJwk]);
    advance(1 * MINUTE);
    expect((await me(await token(newKey))).status).toBe(200);
    expect((await me(await token(oldKey))).status).toBe(200);
    expect(jwks.fetches()).toBe(2);

    // 4. Once the cache has expired (10 minutes) the key set is fetched again and the old key is gone.
    advance(15 * MINUTE);
    const refused = await me(await token(oldKey));
    expect(refused).toEqual({
      status: 401,
      body: { detail: 'The access token signature is not valid.', reason: 'invalid_token', email: null },
    });
    expect(await me(await token(newKey))).toMatchObject({ status: 200, body: { id: userId } });
    expect(jwks.fetches()).toBe(3);
  });

  it('does not refetch the key set for every token with an unknown kid', async () => {
    advance(1 * MINUTE);
    const before = jwks.fetches();
    const stranger = (await createTestIssuers()).hostedKey;
    const answers = await Promise.all(Array.from({ length: 10 }, async () => (await me(await token(stranger))).status));
    expect(answers).toEqual(Array(10).fill(401));
    expect(jwks.fetches() - before).toBeLessThanOrEqual(1);
    // Still inside the cool-down: ten more unknown kids, no fetch at all.
    const again = await Promise.all(Array.from({ length: 10 }, async () => (await me(await token(stranger))).status));
    expect(again).toEqual(Array(10).fill(401));
    expect(jwks.fetches() - before).toBeLessThanOrEqual(1);
  });
});
