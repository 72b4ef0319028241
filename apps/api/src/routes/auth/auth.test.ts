import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { identities } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createOrganisation, createUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, testAuth, type TestIssuers } from '../../test/tokens.ts';

const me = (app: App, token?: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: token ? { authorization: `Bearer ${token}` } : {} });

describeEachDatabase('sign-in on the API', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  const tenant = randomUUID();
  const domain = `${randomUUID().slice(0, 8)}.example`;
  let organisationId: string;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    const organisation = await createOrganisation(getDatabase().db, {
      azureTenantIds: [tenant],
      emailDomains: [domain],
    });
    organisationId = organisation.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('links a provisioned user on first hosted sign-in and answers /me', async () => {
    const db = getDatabase().db;
    const user = await createUser(db, { organisationId, email: `ada@${domain}`, fullName: 'Ada Lovelace' });
    const sub = `auth0|${randomUUID()}`;
    const first = await me(app, await issuers.hosted({ sub, email: `Ada@${domain}` }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id: user.id,
      email: `ada@${domain}`,
      full_name: 'Ada Lovelace',
      role: 'member',
      is_admin: false,
      provider: 'auth0',
      has_accepted_terms: false,
    });
    const rows = await db.select().from(identities).where(eq(identities.userId, user.id));
    expect(rows).toMatchObject([{ provider: 'auth0', subject: sub }]);
    // Later sign-ins find the user through the identity, even if the e-mail claim changes.
    const again = await me(app, await issuers.hosted({ sub, email: `someone-else@${domain}` }));
    expect(again.json().id).toBe(user.id);
  });

  it('links a corporate account from a trusted tenant by its object id', async () => {
    const db = getDatabase().db;
    const user = await createUser(db, { organisationId, email: `grace@${domain}` });
    const oid = randomUUID();
    const response = await me(app, await issuers.directory({ tid: tenant, oid, email: `grace@${domain}` }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, provider: 'azure_ad' });
    const rows = await db.select().from(identities).where(eq(identities.userId, user.id));
    expect(rows).toMatchObject([{ provider: 'azure_ad', subject: oid }]);
  });

  it('answers User not found with the screen reason for each provider', async () => {
    const hosted = await me(app, await issuers.hosted({ email: `nobody@${domain}` }));
    expect(hosted.statusCode).toBe(401);
    expect(hosted.json()).toEqual({ detail: 'User not found', reason: 'no_account', email: `nobody@${domain}` });
    const corporate = await me(app, await issuers.directory({ tid: tenant, email: `newcomer@${domain}` }));
    expect(corporate.statusCode).toBe(401);
    expect(corporate.json()).toEqual({
      detail: 'User not found',
      reason: 'user_not_registered',
      email: `newcomer@${domain}`,
    });
  });

  it('answers Tenant not authorized, telling a known domain from an unknown one', async () => {
    const db = getDatabase().db;
    await createUser(db, { organisationId, email: `jordan@${domain}` });
    const knownDomain = await me(app, await issuers.directory({ tid: randomUUID(), email: `jordan@${domain}` }));
    expect(knownDomain.statusCode).toBe(401);
    expect(knownDomain.json()).toEqual({
      detail: 'Tenant not authorized',
      reason: 'tenant_not_authorized',
      email: `jordan@${domain}`,
    });
    const unknownDomain = await me(app, await issuers.directory({ tid: randomUUID(), email: 'pat@globex.example' }));
    expect(unknownDomain.json()).toEqual({
      detail: 'Tenant not authorized',
      reason: 'organization_not_registered',
      email: 'pat@globex.example',
    });
    expect(await db.select().from(identities).where(eq(identities.subject, 'never'))).toHaveLength(0);
  });

  it('does not link a hosted account whose e-mail is unverified', async () => {
    const db = getDatabase().db;
    await createUser(db, { organisationId, email: `mallory@${domain}` });
    const response = await me(
      app,
      await issuers.hosted({ email: `mallory@${domain}`, claims: { email_verified: false } }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().reason).toBe('no_account');
  });

  it('links exactly one identity when 20 first sign-ins race', async () => {
    const db = getDatabase().db;
    const user = await createUser(db, { organisationId, email: `race@${domain}` });
    const token = await issuers.hosted({ email: `race@${domain}` });
    const responses = await Promise.all(Array.from({ length: 20 }, () => me(app, token)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await db.select().from(identities).where(eq(identities.userId, user.id))).toHaveLength(1);
  });

  describe('refuses every forged, stale or foreign token with 401', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const cases: [string, () => Promise<string | undefined>][] = [
      ['no token', async () => undefined],
      ['garbage', async () => 'not-a-token'],
      [
        'alg none',
        async () => {
          const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
          const payload = base64url.encode(
            JSON.stringify({ iss: testAuth.auth0!.issuer, aud: testAuth.auth0!.audience, sub: 'x', exp: now() + 60 }),
          );
          return `${header}.${payload}.`;
        },
      ],
      [
        'HS256 signed with the public key',
        async () =>
          new SignJWT({ iss: testAuth.auth0!.issuer, aud: testAuth.auth0!.audience, sub: 'x', email: `ada@${domain}` })
            .setProtectedHeader({ alg: 'HS256', kid: issuers.hostedKey.kid })
            .setExpirationTime('1h')
            .sign(new TextEncoder().encode(JSON.stringify(issuers.hostedKey.publicJwk))),
      ],
      ['a bad signature', async () => issuers.hosted({ email: `ada@${domain}`, key: issuers.strangerKey })],
      [
        'an unknown kid',
        async () =>
          issuers.sign(
            issuers.strangerKey,
            { iss: testAuth.auth0!.issuer, aud: testAuth.auth0!.audience, sub: 'x', email: `ada@${domain}` },
            { kid: 'unknown-kid' },
          ),
      ],
      ['a wrong issuer', async () => issuers.hosted({ email: `ada@${domain}`, claims: { iss: 'https://evil.test/' } })],
      [
        'a wrong audience',
        async () => issuers.hosted({ email: `ada@${domain}`, claims: { aud: 'https://other.api' } }),
      ],
      ['an expired token', async () => issuers.hosted({ email: `ada@${domain}`, claims: { exp: now() - 120 } })],
      ['nbf in the future', async () => issuers.hosted({ email: `ada@${domain}`, claims: { nbf: now() + 600 } })],
      [
        'an ID token used as an access token',
        async () => issuers.hosted({ email: `ada@${domain}`, claims: { aud: testAuth.auth0!.clientId } }),
      ],
      [
        'a token for a different client',
        async () => issuers.directory({ tid: tenant, email: `grace@${domain}`, claims: { azp: randomUUID() } }),
      ],
      [
        'a directory token whose issuer names another tenant',
        async () =>
          issuers.directory({
            tid: tenant,
            email: `grace@${domain}`,
            claims: { iss: `https://login.test/${randomUUID()}/v2.0` },
          }),
      ],
    ];
    for (const [name, makeToken] of cases) {
      it(name, async () => {
        const response = await me(app, await makeToken());
        expect(response.statusCode).toBe(401);
        const body = response.json();
        expect(body.reason).toBe('invalid_token');
        expect(typeof body.detail).toBe('string');
      });
    }

    it('still accepts a token within the 60 s clock leeway', async () => {
      const db = getDatabase().db;
      await createUser(db, { organisationId, email: `leeway@${domain}` });
      const response = await me(app, await issuers.hosted({ email: `leeway@${domain}`, claims: { exp: now() - 30 } }));
      expect(response.statusCode).toBe(200);
    });
  });

  it('offers the developer tools only when they are enabled', async () => {
    const db = getDatabase().db;
    await createUser(db, { organisationId, email: `dev@${domain}` });
    const token = await issuers.hosted({ email: `dev@${domain}` });
    const headers = { authorization: `Bearer ${token}` };
    const on = await app.inject({ method: 'GET', url: '/api/v1/auth/debug-token', headers });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ provider: 'auth0', email: `dev@${domain}` });
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/simple-test', headers })).statusCode).toBe(200);

    const production = await createTestApp(getDatabase(), { keySets: issuers.keySets, config: { devTools: false } });
    try {
      for (const url of ['/api/v1/auth/debug-token', '/api/v1/auth/simple-test']) {
        expect((await production.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
