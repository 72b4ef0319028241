import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, scimTokens, teams, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { ENTERPRISE, scimClient, type ScimClient } from './testing/scim.ts';

describeEachDatabase('SCIM 2.0 Users', (getDatabase) => {
  let app: App;
  let scim: ScimClient;

  beforeAll(async () => {
    app = await createTestApp(getDatabase());
    scim = await scimClient(app, getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const usersOf = (organisationId: string) =>
    getDatabase().db.select().from(users).where(eq(users.organisationId, organisationId));
  const auditOf = (organisationId: string) =>
    getDatabase().db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId));

  it('creates a user as Entra ID sends it, maps every attribute, audits it, and reads it back', async () => {
    const email = `Grace.${randomUUID().slice(0, 6)}@${scim.domain}`;
    const created = await scim.send(
      'POST',
      '/Users',
      scim.entraUser(email, 'ext-grace', {
        title: 'Rear Admiral',
        [ENTERPRISE]: { department: 'Navy', manager: { value: 'x' } },
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    const body = created.json();
    expect(body).toMatchObject({
      id: expect.any(String),
      userName: email.toLowerCase(),
      externalId: 'ext-grace',
      name: { givenName: 'Grace', familyName: 'Hopper' },
      title: 'Rear Admiral',
      active: true,
      [ENTERPRISE]: { department: 'Navy' },
      meta: { resourceType: 'User', location: expect.stringMatching(new RegExp(`/scim/v2/Users/${body.id}$`)) },
    });
    const [stored] = await getDatabase().db.select().from(users).where(eq(users.id, body.id));
    expect(stored).toMatchObject({
      fullName: 'Grace Hopper',
      jobTitle: 'Rear Admiral',
      role: 'member',
      isAdmin: false,
    });
    const [team] = await getDatabase().db.select().from(teams).where(eq(teams.id, stored!.teamId!));
    expect(team).toMatchObject({ name: 'Navy', organisationId: scim.organisation.id });
    const audit = (await auditOf(scim.organisation.id)).filter((a) => a.entityId === body.id);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'scim.user.create', actorTokenId: scim.tokenId, before: null }),
    ]);
    expect(audit[0]!.after).toMatchObject({ email: email.toLowerCase(), team: 'Navy', active: true });
    expect((await scim.send('GET', `/Users/${body.id}`)).json()).toEqual(body);
    // The same userName again (any letter case): 409 uniqueness, nothing written.
    const again = await scim.send('POST', '/Users', scim.entraUser(email.toUpperCase(), 'ext-other'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    // SCIM never sets the role nor the administrator right: those attributes are unknown.
    const role = await scim.send('POST', '/Users', { ...scim.entraUser(`r@${scim.domain}`, 'r'), is_admin: true });
    expect(role.json()).toMatchObject({ status: '400', scimType: 'invalidPath' });
    const [lastUse] = await getDatabase().db.select().from(scimTokens).where(eq(scimTokens.id, scim.tokenId));
    expect(lastUse!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('filters by userName (any case) and externalId, and pages with startIndex and count', async () => {
    const client = await scimClient(app, getDatabase().db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await client.send('POST', '/Users', client.entraUser(`p${i}@${client.domain}`, `ext-${i}`));
      ids.push(response.json().id);
    }
    const filtered = await client.send(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "P3@${client.domain.toUpperCase()}"`)}`,
    );
    expect(filtered.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      Resources: [{ id: ids[3] }],
    });
    const byExternal = await client.send('GET', `/Users?filter=${encodeURIComponent('externalId eq "ext-1"')}`);
    expect(byExternal.json().Resources.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const none = await client.send('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@x.example"')}`);
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const page = (await client.send('GET', '/Users?startIndex=2&count=2')).json();
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[2]]);
    const last = (await client.send('GET', '/Users?startIndex=5&count=10')).json();
    expect(last.Resources.map((r: { id: string }) => r.id)).toEqual([ids[4]]);
    const bad = await client.send('GET', `/Users?filter=${encodeURIComponent('displayName co "x"')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('replaces a user with PUT', async () => {
    const created = (await scim.send('POST', '/Users', scim.entraUser(`put@${scim.domain}`, 'ext-put'))).json();
    const replaced = await scim.send('PUT', `/Users/${created.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `put@${scim.domain}`,
      externalId: 'ext-put',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      title: 'Analyst',
      active: true,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: { givenName: 'Ada', familyName: 'Lovelace' }, title: 'Analyst' });
    const audit = (await auditOf(scim.organisation.id)).find((a) => a.action === 'scim.user.replace');
    expect(audit).toMatchObject({
      entityId: created.id,
      before: { full_name: 'Grace Hopper' },
      after: { full_name: 'Ada Lovelace' },
    });
  });

  it("refuses a bad or revoked token with 401 and another organisation's user with 404", async () => {
    const other = await scimClient(app, getDatabase().db);
    const theirs = (await other.send('POST', '/Users', other.entraUser(`t@${other.domain}`, 'ext-t'))).json();
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await scim.send(
        method,
        `/Users/${theirs.id}`,
        method === 'GET' || method === 'DELETE'
          ? undefined
          : { Operations: [{ op: 'replace', value: { active: false } }], userName: 'x@y.z' },
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toMatchObject({ status: '404' });
    }
    const listed = (
      await scim.send('GET', `/Users?filter=${encodeURIComponent(`userName eq "t@${other.domain}"`)}`)
    ).json();
    expect(listed.totalResults).toBe(0);
    const [still] = await getDatabase().db.select().from(users).where(eq(users.id, theirs.id));
    expect(still!.deactivatedAt).toBeNull();

    for (const bearer of ['nonsense', `scim_${'A'.repeat(43)}`]) {
      const refused = await scim.send('GET', '/Users', undefined, bearer);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    }
    const none = await app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    await getDatabase().db.update(scimTokens).set({ revokedAt: new Date() }).where(eq(scimTokens.id, other.tokenId));
    expect((await other.send('GET', '/Users')).statusCode).toBe(401);
  });

  it('refuses malformed bodies with 400 invalidSyntax or invalidValue and writes nothing', async () => {
    const client = await scimClient(app, getDatabase().db);
    const created = (await client.send('POST', '/Users', client.entraUser(`m@${client.domain}`, 'ext-m'))).json();
    const countAudit = async () => (await auditOf(client.organisation.id)).length;
    const auditBefore = await countAudit();
    const cases: [string, 'POST' | 'PATCH' | 'PUT', unknown, string][] = [
      ['/Users', 'POST', '{"userName": ', 'invalidSyntax'],
      ['/Users', 'POST', [1, 2], 'invalidSyntax'],
      ['/Users', 'POST', { userName: 'not-an-email', name: { givenName: 'A' } }, 'invalidValue'],
      ['/Users', 'POST', { userName: `n@${client.domain}` }, 'invalidValue'],
      ['/Users', 'POST', { userName: `a@${client.domain}`, name: { givenName: 'A' }, active: 'maybe' }, 'invalidValue'],
      [`/Users/${created.id}`, 'PATCH', { Operations: [] }, 'invalidSyntax'],
      [`/Users/${created.id}`, 'PATCH', { Operations: [{ op: 'explode', path: 'title' }] }, 'invalidSyntax'],
      // The first operation is valid: the second's refusal leaves it unapplied (all-or-nothing).
      [
        `/Users/${created.id}`,
        'PATCH',
        {
          Operations: [
            { op: 'replace', path: 'title', value: 'Boss' },
            { op: 'replace', path: 'active', value: 'sometimes' },
          ],
        },
        'invalidValue',
      ],
      [`/Users/${created.id}`, 'PUT', { userName: 42 }, 'invalidValue'],
    ];
    for (const [url, method, body, scimType] of cases) {
      const response = await client.send(method, url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: '400', scimType });
    }
    expect((await usersOf(client.organisation.id)).map((u) => [u.email, u.jobTitle, u.deactivatedAt])).toEqual([
      [`m@${client.domain}`, null, null],
    ]);
    expect(await countAudit()).toBe(auditBefore);
    // The log stays append-only whoever asks.
    await expect(getDatabase().db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(getDatabase().db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await countAudit()).toBe(auditBefore);
  });
});
