import { randomUUID } from 'node:crypto';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, testAuth, type TestIssuers } from '../test/tokens.ts';
import { createWorld } from '../test/world.ts';

type Endpoint = { method: string; url: string };

// The one /api/v1 path that needs no sign-in: an e-mail's unsubscribe link, whose signed token is
// its authority (decision 015; its refusals are tested in routes/notifications/preferences.test.ts).
const PUBLIC_PATHS = new Set(['/api/v1/notifications/unsubscribe']);

// Every /api/v1 operation the API documents, with path parameters filled in: a new endpoint is
// covered the day it is added.
function protectedEndpoints(app: App): Endpoint[] {
  const document = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/') && !PUBLIC_PATHS.has(path))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url:
          path.replace(/\{[^}]+\}/g, randomUUID()) +
          (path.includes('organizational') ? `?program_id=${randomUUID()}` : ''),
      })),
    );
}

describeEachDatabase('every protected endpoint refuses a bad token with 401', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let validEmail: string;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    // Hundreds of refused requests from one address: keep the per-address limit out of the way.
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, config: { rateLimitPerMinute: 100_000 } });
    const world = await createWorld(getDatabase().db, issuers);
    validEmail = (await world.person()).email;
  });
  afterAll(async () => {
    await app.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const badTokens: [string, () => Promise<string | undefined>][] = [
    ['no token', async () => undefined],
    ['garbage', async () => 'not.a.token'],
    [
      'alg none',
      async () =>
        `${base64url.encode(JSON.stringify({ alg: 'none' }))}.${base64url.encode(
          JSON.stringify({
            iss: testAuth.auth0!.issuer,
            aud: testAuth.auth0!.audience,
            sub: 'x',
            email: validEmail,
            exp: now() + 60,
          }),
        )}.`,
    ],
    [
      'HS256 signed with the public key',
      async () =>
        new SignJWT({ iss: testAuth.auth0!.issuer, aud: testAuth.auth0!.audience, sub: 'x', email: validEmail })
          .setProtectedHeader({ alg: 'HS256', kid: issuers.hostedKey.kid })
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(JSON.stringify(issuers.hostedKey.publicJwk))),
    ],
    ['a bad signature', async () => issuers.hosted({ email: validEmail, key: issuers.strangerKey })],
    ['a wrong issuer', async () => issuers.hosted({ email: validEmail, claims: { iss: 'https://evil.test/' } })],
    ['a wrong audience', async () => issuers.hosted({ email: validEmail, claims: { aud: 'https://other.api' } })],
    ['an expired token', async () => issuers.hosted({ email: validEmail, claims: { exp: now() - 120 } })],
    ['nbf in the future', async () => issuers.hosted({ email: validEmail, claims: { nbf: now() + 600 } })],
    ['an ID token', async () => issuers.hosted({ email: validEmail, claims: { aud: testAuth.auth0!.clientId } })],
    ['another client', async () => issuers.hosted({ email: validEmail, claims: { azp: 'someone-else' } })],
  ];

  it('covers every documented /api/v1 operation', () => {
    const endpoints = protectedEndpoints(app);
    expect(endpoints.length).toBeGreaterThanOrEqual(25);
    expect(endpoints).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/v1/habits/select' }));
  });

  for (const [name, makeToken] of badTokens) {
    it(name, async () => {
      const token = await makeToken();
      const failures: string[] = [];
      for (const { method, url } of protectedEndpoints(app)) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const body = response.json() as { reason?: string };
        if (response.statusCode !== 401 || body.reason !== 'invalid_token') {
          failures.push(`${method} ${url} → ${response.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
