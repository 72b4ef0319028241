import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { identities } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createOrganisation, createUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, testAuth, type TestIssuers } from '../../test/tokens.ts';

// An account is its issuer plus its subject. A subject is only unique within its issuer (each Azure
// AD tenant, the hosted service), so the same `oid`/`sub` from another issuer is another person.

const directoryIssuer = (tid: string) => testAuth.azure!.issuer.replace('{tenantid}', tid);

describeEachDatabase('accounts are identified by issuer and subject', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  // Organisation A trusts two tenants (a merger, say); organisation B trusts a third.
  const tenantA = randomUUID();
  const tenantA2 = randomUUID();
  const tenantB = randomUUID();
  const domainA = `${randomUUID().slice(0, 8)}.example`;
  const domainB = `${randomUUID().slice(0, 8)}.example`;
  let organisationA: string;
  let organisationB: string;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    const db = getDatabase().db;
    organisationA = (await createOrganisation(db, { azureTenantIds: [tenantA, tenantA2], emailDomains: [domainA] })).id;
    organisationB = (await createOrganisation(db, { azureTenantIds: [tenantB], emailDomains: [domainB] })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const me = async (token: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const provision = async (organisationId: string, domain: string) => {
    const email = `${randomUUID().slice(0, 8)}@${domain}`;
    return { id: (await createUser(getDatabase().db, { organisationId, email })).id, email };
  };
  const identitiesOf = async (userIds: string[]) =>
    (
      await getDatabase()
        .db.select({ userId: identities.userId, issuer: identities.issuer, subject: identities.subject })
        .from(identities)
        .where(inArray(identities.userId, userIds))
    ).sort((a, b) => a.issuer.localeCompare(b.issuer) || a.userId.localeCompare(b.userId));

  it("the same object id from another organisation's tenant is another person", async () => {
    const ada = await provision(organisationA, domainA);
    const bob = await provision(organisationB, domainB);
    const oid = randomUUID();
    expect(await me(await issuers.directory({ tid: tenantA, oid, email: ada.email }))).toMatchObject({
      status: 200,
      body: { id: ada.id },
    });
    // Tenant B's user who happens to have the same oid: their own first sign-in links them.
    expect(await me(await issuers.directory({ tid: tenantB, oid, email: bob.email }))).toMatchObject({
      status: 200,
      body: { id: bob.id },
    });
    // Tenant B's identity now means Bob, whatever e-mail a later token carries: never Ada.
    expect(await me(await issuers.directory({ tid: tenantB, oid, email: ada.email }))).toMatchObject({
      status: 200,
      body: { id: bob.id },
    });
    // And tenant A's identity still means Ada.
    expect(await me(await issuers.directory({ tid: tenantA, oid, email: bob.email }))).toMatchObject({
      status: 200,
      body: { id: ada.id },
    });
    expect(await identitiesOf([ada.id, bob.id])).toEqual(
      [
        { userId: ada.id, issuer: directoryIssuer(tenantA), subject: oid },
        { userId: bob.id, issuer: directoryIssuer(tenantB), subject: oid },
      ].sort((a, b) => a.issuer.localeCompare(b.issuer)),
    );
  });

  it("a token from another organisation's tenant with a linked oid and no account of its own is refused", async () => {
    const ada = await provision(organisationA, domainA);
    const oid = randomUUID();
    expect((await me(await issuers.directory({ tid: tenantA, oid, email: ada.email }))).body.id).toBe(ada.id);
    const stranger = await me(await issuers.directory({ tid: tenantB, oid, email: `nobody@${domainB}` }));
    expect(stranger).toMatchObject({ status: 401, body: { detail: 'User not found' } });
    // Even claiming Ada's e-mail: organisation A does not trust tenant B.
    const impostor = await me(await issuers.directory({ tid: tenantB, oid, email: ada.email }));
    expect(impostor.status).toBe(401);
    expect(impostor.body.detail).toBe('User not found');
    expect(await identitiesOf([ada.id])).toEqual([{ userId: ada.id, issuer: directoryIssuer(tenantA), subject: oid }]);
  });

  it("the same oid from the organisation's other tenant does not sign in as the linked user", async () => {
    const ada = await provision(organisationA, domainA);
    const oid = randomUUID();
    expect((await me(await issuers.directory({ tid: tenantA, oid, email: ada.email }))).body.id).toBe(ada.id);
    const unprovisioned = await me(await issuers.directory({ tid: tenantA2, oid, email: `newcomer@${domainA}` }));
    expect(unprovisioned).toMatchObject({
      status: 401,
      body: { detail: 'User not found', reason: 'user_not_registered' },
    });
    const noEmail = await me(
      await issuers.directory({ tid: tenantA2, oid, email: '', claims: { preferred_username: undefined } }),
    );
    expect(noEmail.status).toBe(401);
    expect(await identitiesOf([ada.id])).toHaveLength(1);
  });

  it('a hosted account whose subject equals a corporate object id is not that corporate user', async () => {
    const ada = await provision(organisationA, domainA);
    const cy = await provision(organisationA, domainA);
    const oid = randomUUID();
    expect((await me(await issuers.directory({ tid: tenantA, oid, email: ada.email }))).body.id).toBe(ada.id);
    // The hosted service with sub = Ada's oid but no verified e-mail: no account.
    const unverified = await me(
      await issuers.hosted({ sub: oid, email: ada.email, claims: { email_verified: false } }),
    );
    expect(unverified).toMatchObject({ status: 401, body: { detail: 'User not found', reason: 'no_account' } });
    const unknown = await me(await issuers.hosted({ sub: oid, email: `nobody@${domainA}` }));
    expect(unknown).toMatchObject({ status: 401, body: { reason: 'no_account' } });
    // With Cy's verified e-mail it is Cy's first sign-in, linked to Cy.
    expect(await me(await issuers.hosted({ sub: oid, email: cy.email }))).toMatchObject({
      status: 200,
      body: { id: cy.id, provider: 'auth0' },
    });
    expect(await me(await issuers.directory({ tid: tenantA, oid, email: cy.email }))).toMatchObject({
      status: 200,
      body: { id: ada.id, provider: 'azure_ad' },
    });
    expect(await identitiesOf([ada.id, cy.id])).toEqual(
      [
        { userId: ada.id, issuer: directoryIssuer(tenantA), subject: oid },
        { userId: cy.id, issuer: testAuth.auth0!.issuer, subject: oid },
      ].sort((a, b) => a.issuer.localeCompare(b.issuer)),
    );
  });

  it('a corporate object id equal to a hosted subject is not that hosted user', async () => {
    const dee = await provision(organisationA, domainA);
    const sub = `auth0|${randomUUID()}`;
    expect((await me(await issuers.hosted({ sub, email: dee.email }))).body.id).toBe(dee.id);
    const corporate = await me(
      await issuers.directory({
        tid: tenantB,
        oid: sub,
        email: `someone@${domainB}`,
        claims: { sub: `pairwise-${sub}` },
      }),
    );
    expect(corporate).toMatchObject({ status: 401, body: { detail: 'User not found' } });
    expect(await identitiesOf([dee.id])).toEqual([{ userId: dee.id, issuer: testAuth.auth0!.issuer, subject: sub }]);
  });

  it("refuses a directory token whose issuer is another tenant's than its tid", async () => {
    const ada = await provision(organisationA, domainA);
    const oid = randomUUID();
    expect((await me(await issuers.directory({ tid: tenantA, oid, email: ada.email }))).body.id).toBe(ada.id);
    const mixed = await me(
      await issuers.directory({ tid: tenantA, oid, email: ada.email, claims: { iss: directoryIssuer(tenantB) } }),
    );
    expect(mixed).toMatchObject({ status: 401, body: { reason: 'invalid_token' } });
  });

  it('first sign-in still links, once, and the link is used from then on', async () => {
    const db = getDatabase().db;
    const eve = await provision(organisationB, domainB);
    const oid = randomUUID();
    const first = await me(await issuers.directory({ tid: tenantB, oid, email: eve.email }));
    expect(first).toMatchObject({ status: 200, body: { id: eve.id, organization: { id: organisationB } } });
    const later = await me(await issuers.directory({ tid: tenantB, oid, email: `renamed@${domainB}` }));
    expect(later.body.id).toBe(eve.id);
    expect(await db.select().from(identities).where(eq(identities.userId, eve.id))).toHaveLength(1);
  });
  it('a second account from the same issuer with the same e-mail never takes over the linked user', async () => {
    const db = getDatabase().db;
    const ada = await provision(organisationA, domainA);
    const first = await me(await issuers.directory({ tid: tenantA, oid: randomUUID(), email: ada.email }));
    expect(first).toMatchObject({ status: 200, body: { id: ada.id } });
    // The directory account was deleted and a new one (new oid) got the same username.
    const recreated = await me(await issuers.directory({ tid: tenantA, oid: randomUUID(), email: ada.email }));
    expect(recreated).toMatchObject({ status: 401, body: { detail: 'User not found', reason: 'user_not_registered' } });
    // The same for two hosted accounts carrying the same verified e-mail.
    const hosted = await me(await issuers.hosted({ sub: `auth0|${randomUUID()}`, email: ada.email }));
    expect(hosted).toMatchObject({ status: 200, body: { id: ada.id } });
    const secondHosted = await me(await issuers.hosted({ sub: `auth0|${randomUUID()}`, email: ada.email }));
    expect(secondHosted).toMatchObject({ status: 401, body: { detail: 'User not found', reason: 'no_account' } });
    expect(await db.select().from(identities).where(eq(identities.userId, ada.id))).toHaveLength(2);
  });

  it('parallel first sign-ins of two accounts from one issuer link exactly one', async () => {
    const db = getDatabase().db;
    const grace = await provision(organisationA, domainA);
    const tokens = await Promise.all(
      Array.from({ length: 20 }, () => issuers.directory({ tid: tenantA, oid: randomUUID(), email: grace.email })),
    );
    const results = await Promise.all(tokens.map((token) => me(token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(19);
    expect(await db.select().from(identities).where(eq(identities.userId, grace.id))).toHaveLength(1);
  });
});
