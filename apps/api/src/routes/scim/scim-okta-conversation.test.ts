import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, teams, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { ENTERPRISE, PATCH_OP, scimClient, USER_SCHEMA, type ScimClient } from './testing/scim.ts';

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

// A provisioning conversation as Okta holds it (its SCIM 2.0 documentation): lookup by userName
// with startIndex and count, create with a password and an empty groups list, PUT of the whole
// user (id and meta included) to update, PATCH without a path to deactivate and reactivate, and
// groups renamed with a path-less replace that carries the group's id. Then the variations other
// clients send (letter case, spacing, attributes, count=0, content types).
describeEachDatabase('SCIM conversation: Okta, and what other clients vary', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let scim: ScimClient;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    scim = await scimClient(app, getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    contentType = 'application/json; charset=utf-8',
  ) =>
    app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${scim.token}`,
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`;
  const userRow = async (id: string) => (await getDatabase().db.select().from(users).where(eq(users.id, id)))[0]!;
  const auditFor = (entityId: string) =>
    getDatabase()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.organisationId, scim.organisation.id)));

  // Okta's create body (userName = the Okta username, an e-mail).
  const oktaUser = (email: string, externalId: string) => ({
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId,
    groups: [],
    password: '1mz050nq',
    active: true,
  });

  it('provisions, updates with PUT, deactivates and reactivates a user as Okta does', async () => {
    const email = `test.user.${randomUUID().slice(0, 8)}@${scim.domain}`;
    const lookup = await send('GET', `/Users?${filter(`userName eq "${email}"`)}&startIndex=1&count=100`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const externalId = `00u${randomUUID().replace(/-/g, '').slice(0, 17)}`;
    const created = await send('POST', '/Users', oktaUser(email, externalId));
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: expect.arrayContaining([USER_SCHEMA]),
      id: expect.any(String),
      userName: email,
      externalId,
      active: true,
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ value: email, primary: true }],
      meta: { resourceType: 'User' },
    });
    // The password and groups are accepted and never kept nor echoed.
    expect(JSON.stringify(user)).not.toContain('1mz050nq');
    expect(user).not.toHaveProperty('password');
    const [createAudit] = await auditFor(user.id);
    expect(JSON.stringify(createAudit)).not.toContain('1mz050nq');
    expect(JSON.stringify(await userRow(user.id))).not.toContain('1mz050nq');

    const headers = { authorization: `Bearer ${await issuers.hosted({ email })}` };
    const memberCall = () => app.inject({ method: 'GET', url: '/api/v1/auth/user-flow-status', headers });
    expect((await memberCall()).statusCode).toBe(200);

    const found = await send('GET', `/Users?${filter(`userName eq "${email}"`)}&startIndex=1&count=100`);
    expect(found.json()).toMatchObject({ totalResults: 1, itemsPerPage: 1, Resources: [{ id: user.id }] });
    expect((await send('GET', `/Users/${user.id}`)).json()).toEqual(user);

    // Okta updates with PUT: the resource as it read it (id, meta) with the changes.
    const put = await send('PUT', `/Users/${user.id}`, {
      ...oktaUser(email, externalId),
      id: user.id,
      meta: user.meta,
      name: { givenName: 'Tess', familyName: 'Userton' },
      title: 'Analyst',
      [ENTERPRISE]: { department: 'Finance' },
      schemas: [USER_SCHEMA, ENTERPRISE],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id: user.id,
      name: { givenName: 'Tess', familyName: 'Userton' },
      title: 'Analyst',
      [ENTERPRISE]: { department: 'Finance' },
    });
    expect(await userRow(user.id)).toMatchObject({ fullName: 'Tess Userton', jobTitle: 'Analyst' });

    // Deactivate: PATCH replace without a path; the member's next request is refused.
    const off = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: user.id, active: false });
    expect((await memberCall()).json()).toEqual({ detail: 'Account deactivated', reason: 'account_deactivated' });
    // Reactivate, then deactivate again as older Okta integrations do, with a PUT of active false.
    const on = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.json().active).toBe(true);
    expect((await memberCall()).statusCode).toBe(200);
    const putOff = await send('PUT', `/Users/${user.id}`, {
      ...oktaUser(email, externalId),
      id: user.id,
      active: false,
    });
    expect(putOff.json()).toMatchObject({ active: false });
    expect((await memberCall()).statusCode).toBe(401);
    expect((await userRow(user.id)).deactivatedAt).toBeInstanceOf(Date);

    const actions = (await auditFor(user.id)).map((a) => a.action).sort();
    expect(actions).toEqual([
      'scim.user.create',
      'scim.user.patch',
      'scim.user.patch',
      'scim.user.replace',
      'scim.user.replace',
    ]);
  });

  it('pushes groups as Okta does: create, list, rename with the id in the value, members, PUT, delete', async () => {
    const member = (
      await send('POST', '/Users', oktaUser(`g.${randomUUID().slice(0, 8)}@${scim.domain}`, randomUUID()))
    ).json();
    const name = `Test SCIMv2 ${randomUUID().slice(0, 6)}`;
    const created = await send('POST', '/Groups', { schemas: [GROUP], displayName: name, members: [] });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ schemas: [GROUP], id: expect.any(String), displayName: name, members: [] });

    const listed = await send('GET', '/Groups?startIndex=1&count=100');
    expect(listed.json()).toMatchObject({ schemas: [LIST], startIndex: 1 });
    expect(listed.json().Resources.map((g: { id: string }) => g.id)).toContain(group.id);

    const renamed = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id: group.id, displayName: `${name} renamed` } }],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: `${name} renamed` });

    const added = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: member.id, display: member.userName }] }],
    });
    expect(added.json().members).toEqual([expect.objectContaining({ value: member.id })]);
    expect((await userRow(member.id)).teamId).toBe(group.id);
    const removed = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${member.id}"]` }],
    });
    expect(removed.json().members).toEqual([]);

    const put = await send('PUT', `/Groups/${group.id}`, {
      schemas: [GROUP],
      id: group.id,
      displayName: name,
      members: [{ value: member.id, display: member.userName }],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ displayName: name, members: [{ value: member.id }] });
    const [team] = await getDatabase().db.select().from(teams).where(eq(teams.id, group.id));
    expect(team).toMatchObject({ name, organisationId: scim.organisation.id });

    expect((await send('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    // The team is archived, not deleted: its members stay in it with their history.
    expect((await userRow(member.id)).teamId).toBe(group.id);
    expect((await send('GET', `/Groups/${group.id}`)).statusCode).toBe(404);
  });

  it('takes the variations real clients send: letter case, spacing, count=0, attributes, single values', async () => {
    const email = `vary.${randomUUID().slice(0, 8)}@${scim.domain}`;
    // application/scim+json without a charset, attribute names in other letter cases.
    const created = await send(
      'POST',
      '/Users',
      { Schemas: [USER_SCHEMA], UserName: email, Name: { GivenName: 'Vera', FamilyName: 'Ry' }, Active: 'True' },
      'application/scim+json',
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ userName: email, name: { givenName: 'Vera', familyName: 'Ry' } });

    for (const expression of [
      `userName Eq "${email}"`,
      `  USERNAME eq   "${email.toUpperCase()}"  `,
      `emails[type eq "work"].value eq "${email}"`,
    ]) {
      const response = await send('GET', `/Users?${filter(expression)}`);
      expect(response.statusCode, expression).toBe(200);
      expect(response.json(), expression).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    }
    // count=0: the total only.
    const countOnly = await send('GET', `/Users?${filter(`userName eq "${email}"`)}&count=0`);
    expect(countOnly.json()).toEqual({
      schemas: [LIST],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    // A startIndex past any organisation: the same empty page, not a database error.
    const far = await send('GET', `/Users?startIndex=99999999999999999999&${filter(`userName eq "${email}"`)}`);
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ totalResults: 1, itemsPerPage: 0, Resources: [] });

    // attributes / excludedAttributes (RFC 7644 §3.4.2.5): id and schemas always come back.
    const only = await send('GET', `/Users?${filter(`userName eq "${email}"`)}&attributes=userName,name.givenName`);
    expect(only.json().Resources[0]).toEqual({
      schemas: expect.any(Array),
      id,
      userName: email,
      name: { givenName: 'Vera' },
      meta: { resourceType: 'User' },
    });
    const without = await send('GET', `/Users/${id}?excludedAttributes=emails,NAME,${ENTERPRISE}`);
    expect(without.statusCode).toBe(200);
    expect(without.json()).toMatchObject({ id, userName: email });
    expect(without.json()).not.toHaveProperty('emails');
    expect(without.json()).not.toHaveProperty('name');
    expect(without.json()).not.toHaveProperty(ENTERPRISE);

    // "operations" / "OP" in other letter cases, and a single value sent as [{"value": ...}].
    const patched = await send('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      operations: [
        { OP: 'Add', Path: 'title', Value: [{ value: 'Navigator' }] },
        { op: 'Replace', path: 'active', value: [{ value: 'False' }] },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Navigator', active: false });

    // What cannot be understood is a SCIM error, and nothing is written.
    const before = await userRow(id);
    const auditBefore = (await auditFor(id)).length;
    const refusals: [string, string, unknown, string][] = [
      ['GET', `/Users?${filter('displayName co "x"')}`, undefined, 'invalidFilter'],
      ['GET', '/Users?count=many', undefined, 'invalidValue'],
      // PostgreSQL text cannot hold NUL: refused, never a 500.
      ['GET', `/Users?${filter('userName eq "a\u0000b"')}`, undefined, 'invalidValue'],
      [
        'PATCH',
        `/Users/${id}`,
        { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'title', value: 'a\u0000' }] },
        'invalidValue',
      ],
      ['POST', '/Groups', { schemas: [GROUP], displayName: 'a\u0000b' }, 'invalidValue'],
      [
        'PATCH',
        `/Users/${id}`,
        {
          schemas: [PATCH_OP],
          Operations: [
            { op: 'replace', path: 'title', value: 'X' },
            { op: 'replace', path: 'role', value: 'leader' },
          ],
        },
        'invalidPath',
      ],
      ['PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'title' }] }, 'invalidSyntax'],
      [
        'PUT',
        `/Users/${id}`,
        { schemas: [USER_SCHEMA], userName: 'not-an-email', name: { givenName: 'A' } },
        'invalidValue',
      ],
    ];
    for (const [method, url, body, scimType] of refusals) {
      const response = await send(method as 'GET', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '400',
        scimType,
      });
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${scim.token}`, 'content-type': 'application/scim+json; charset=utf-8' },
      payload: '{"userName": ',
    });
    expect(malformed.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect(await userRow(id)).toEqual(before);
    expect((await auditFor(id)).length).toBe(auditBefore);
  });
});
