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
// Entra ID names its own group schema beside the core one when it creates a group.
const ADSCIM_GROUP = 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group';

// A whole provisioning conversation as the Microsoft Entra provisioning service holds it, in order,
// with the request bodies of its public documentation ("Develop and plan provisioning for a SCIM
// endpoint", request and response examples, and "Known issues and resolutions with SCIM 2.0
// protocol compliance": capitalised ops, active as the string "False", members[value eq "..."]).
// Only the identifiers are ours (userName must be an e-mail here: Entra maps userPrincipalName).
describeEachDatabase('SCIM conversation: Microsoft Entra ID', (getDatabase) => {
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

  // Entra ID sends application/scim+json with a charset, and its filters URL-encoded.
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${scim.token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json; charset=utf-8' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`;
  const auditFor = (entityId: string) =>
    getDatabase()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.organisationId, scim.organisation.id)));
  const userRow = async (id: string) => (await getDatabase().db.select().from(users).where(eq(users.id, id)))[0]!;

  it('holds the whole conversation: test connection, users, deprovisioning, groups, deletion', async () => {
    // 1. "Test connection": a query for a userName nobody has.
    const probe = await send('GET', `/Users?${filter(`userName eq "${randomUUID()}"`)}`);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(probe.json()).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // 2. Get User by query - zero results (before creating, Entra looks the user up).
    const local = `test_user_${randomUUID().slice(0, 8)}`;
    const userName = `${local}@${scim.domain}`;
    const none = await send('GET', `/Users?${filter(`userName eq "${userName}"`)}`);
    expect(none.json()).toMatchObject({ schemas: [LIST], totalResults: 0, Resources: [] });

    // 3. Create User, with the enterprise extension and the attributes Entra maps by default.
    const externalId = randomUUID();
    const createBody = {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId,
      userName,
      active: true,
      addresses: [
        {
          formatted: '1 Main Street, Redmond, WA 98052',
          locality: 'Redmond',
          postalCode: '98052',
          primary: false,
          region: 'WA',
          streetAddress: '1 Main Street',
          type: 'work',
          country: 'US',
        },
      ],
      displayName: 'givenName familyName',
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      phoneNumbers: [
        { type: 'work', value: '+1 425 555 0100' },
        { type: 'mobile', value: '+1 425 555 0101' },
        { type: 'fax', value: '+1 425 555 0102' },
      ],
      preferredLanguage: 'en-US',
      title: 'Program Manager',
      roles: [],
      [ENTERPRISE]: {
        department: 'Engineering',
        employeeNumber: '100009',
        costCenter: 'CC-42',
        organization: 'Contoso',
        division: 'Cloud',
        manager: { value: randomUUID() },
      },
    };
    const created = await send('POST', '/Users', createBody);
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    const user = created.json();
    expect(user).toMatchObject({
      schemas: expect.arrayContaining([USER_SCHEMA]),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      externalId,
      userName,
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      title: 'Program Manager',
      emails: [{ value: userName, type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Engineering' },
      meta: { resourceType: 'User', location: expect.stringMatching(new RegExp(`/scim/v2/Users/${user.id}$`)) },
    });
    expect(created.headers.location).toBe(user.meta.location);
    const stored = await userRow(user.id);
    expect(stored).toMatchObject({
      organisationId: scim.organisation.id,
      email: userName,
      fullName: 'givenName familyName',
      jobTitle: 'Program Manager',
      externalId,
      role: 'member',
      isAdmin: false,
      deactivatedAt: null,
    });
    const [engineering] = await getDatabase().db.select().from(teams).where(eq(teams.id, stored.teamId!));
    expect(engineering).toMatchObject({ name: 'Engineering', organisationId: scim.organisation.id });

    // The provisioned person signs in to the app.
    const headers = { authorization: `Bearer ${await issuers.hosted({ email: userName })}` };
    const memberCall = () => app.inject({ method: 'GET', url: '/api/v1/auth/user-flow-status', headers });
    expect((await memberCall()).statusCode).toBe(200);

    // 4. Get User.
    const got = await send('GET', `/Users/${user.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(user);

    // 5. Get User by query, on the matching attribute and on externalId.
    const byName = await send('GET', `/Users?${filter(`userName eq "${userName}"`)}`);
    expect(byName.json()).toMatchObject({
      schemas: [LIST],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ id: user.id, userName }],
    });
    const byExternalId = await send('GET', `/Users?${filter(`externalId eq "${externalId}"`)}`);
    expect(byExternalId.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });

    // 6. Update User [Multi-valued properties].
    const multi = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: userName },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 425 555 0199' },
        { op: 'Replace', path: 'addresses[type eq "work"].locality', value: 'Seattle' },
      ],
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json()).toMatchObject({
      id: user.id,
      userName,
      name: { givenName: 'givenName', familyName: 'updatedFamilyName' },
      meta: { resourceType: 'User' },
    });
    expect((await userRow(user.id)).fullName).toBe('givenName updatedFamilyName');

    // 7. Update User [Single-valued properties]: userName (the e-mail), then several at once
    // without a path, as the aadOptscim062020 behaviour sends them.
    const renamed = `${local}.renamed@${scim.domain}`;
    const single = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'userName', value: renamed }],
    });
    expect(single.statusCode).toBe(200);
    expect(single.json()).toMatchObject({ userName: renamed, emails: [{ value: renamed }] });
    const several = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'replace',
          value: {
            displayName: 'Pvlo Gtfd',
            'emails[type eq "work"].value': renamed,
            'name.givenName': 'Gtfd',
            'name.familyName': 'Pkqf',
            [`${ENTERPRISE}:employeeNumber`]: 'Eqpj',
            [`${ENTERPRISE}:department`]: 'Research',
          },
        },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: randomUUID() },
        { op: 'Replace', path: 'title', value: 'Principal Program Manager' },
      ],
    });
    expect(several.statusCode).toBe(200);
    expect(several.json()).toMatchObject({
      name: { givenName: 'Gtfd', familyName: 'Pkqf' },
      title: 'Principal Program Manager',
      [ENTERPRISE]: { department: 'Research' },
    });
    expect(await userRow(user.id)).toMatchObject({
      email: renamed,
      fullName: 'Gtfd Pkqf',
      jobTitle: 'Principal Program Manager',
    });
    // The renamed person is found by the new userName, in any letter case and spacing.
    const spaced = await send('GET', `/Users?${filter(`UserName  Eq  "${renamed.toUpperCase()}"`)}`);
    expect(spaced.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });

    // 8. Disable User: active as the string "False" (before aadOptscim062020) - the member's very
    // next API request is refused as deactivated.
    const disabled = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: user.id, active: false });
    const refused = await memberCall();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Account deactivated', reason: 'account_deactivated' });
    expect((await userRow(user.id)).deactivatedAt).toBeInstanceOf(Date);

    // Re-enabled (a boolean, as after the flag): the next request is served again.
    const enabled = await send('PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(enabled.json()).toMatchObject({ active: true });
    expect((await memberCall()).statusCode).toBe(200);

    // 9. Create Group, then a second user to have two members.
    const second = await send('POST', '/Users', {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId: randomUUID(),
      userName: `${local}.two@${scim.domain}`,
      active: true,
      emails: [{ primary: true, type: 'work', value: `${local}.two@${scim.domain}` }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Ada Lovelace', familyName: 'Lovelace', givenName: 'Ada' },
      roles: [],
    });
    expect(second.statusCode).toBe(201);
    const secondId = second.json().id as string;
    const groupName = `Group ${randomUUID().slice(0, 8)}`;
    const groupCreated = await send('POST', '/Groups', {
      schemas: [GROUP, ADSCIM_GROUP],
      externalId: randomUUID(),
      displayName: groupName,
      meta: { resourceType: 'Group' },
    });
    expect(groupCreated.statusCode).toBe(201);
    const group = groupCreated.json();
    expect(groupCreated.headers.location).toBe(group.meta.location);
    expect(group).toMatchObject({
      schemas: [GROUP],
      id: expect.any(String),
      displayName: groupName,
      meta: { resourceType: 'Group', location: expect.stringMatching(new RegExp(`/scim/v2/Groups/${group.id}$`)) },
    });

    // 10. Get Group, and Get Group by displayName, without members.
    const oneGroup = await send('GET', `/Groups/${group.id}?excludedAttributes=members`);
    expect(oneGroup.statusCode).toBe(200);
    expect(oneGroup.json()).toMatchObject({ id: group.id, displayName: groupName });
    expect(oneGroup.json()).not.toHaveProperty('members');
    const byDisplayName = await send(
      'GET',
      `/Groups?excludedAttributes=members&${filter(`displayName eq "${groupName}"`)}`,
    );
    expect(byDisplayName.statusCode).toBe(200);
    expect(byDisplayName.json()).toMatchObject({
      schemas: [LIST],
      totalResults: 1,
      itemsPerPage: 1,
      startIndex: 1,
      Resources: [{ id: group.id, displayName: groupName }],
    });
    expect(byDisplayName.json().Resources[0]).not.toHaveProperty('members');

    // 11. Update Group [Add Members] (with Entra's "$ref": null).
    const added = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'Add',
          path: 'members',
          value: [
            { $ref: null, value: user.id },
            { $ref: null, value: secondId },
          ],
        },
      ],
    });
    expect([200, 204]).toContain(added.statusCode);
    const withMembers = (await send('GET', `/Groups/${group.id}`)).json();
    expect(withMembers.members.map((m: { value: string }) => m.value).sort()).toEqual([user.id, secondId].sort());
    expect((await userRow(user.id)).teamId).toBe(group.id);
    expect((await userRow(secondId)).teamId).toBe(group.id);
    // Entra ID may check one membership with a filter on the group's id and a member.
    const isMember = (userId: string) =>
      send(
        'GET',
        `/Groups?excludedAttributes=members&${filter(`id eq "${group.id}" and members[value eq "${userId}"]`)}`,
      );
    expect((await isMember(user.id)).json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    expect((await isMember(randomUUID())).json()).toMatchObject({ totalResults: 0, Resources: [] });

    // 12. Update Group [Remove Members]: the documented value list, then the path filter of
    // aadOptscim062020.
    const removed = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: secondId }] }],
    });
    expect([200, 204]).toContain(removed.statusCode);
    expect((await userRow(secondId)).teamId).toBeNull();
    const removedByPath = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${user.id}"]` }],
    });
    expect([200, 204]).toContain(removedByPath.statusCode);
    expect((await userRow(user.id)).teamId).toBeNull();
    expect((await send('GET', `/Groups/${group.id}`)).json().members).toEqual([]);

    // 13. Update Group [Non-member attributes].
    const newName = `${groupName} updatedDisplayName`;
    const renamedGroup = await send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: newName }],
    });
    expect([200, 204]).toContain(renamedGroup.statusCode);
    const [team] = await getDatabase().db.select().from(teams).where(eq(teams.id, group.id));
    expect(team!.name).toBe(newName);

    // 14. Delete Group: the team goes, its people keep their accounts.
    const groupDeleted = await send('DELETE', `/Groups/${group.id}`);
    expect(groupDeleted.statusCode).toBe(204);
    expect(groupDeleted.body).toBe('');
    expect((await send('GET', `/Groups/${group.id}`)).json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '404',
    });

    // 15. Delete User: deprovisioned (deactivated, data kept).
    const userDeleted = await send('DELETE', `/Users/${user.id}`);
    expect(userDeleted.statusCode).toBe(204);
    expect((await memberCall()).statusCode).toBe(401);
    expect(await userRow(user.id)).toMatchObject({ email: renamed, deactivatedAt: expect.any(Date) });

    // The audit trail: one row per write, by the token, in order.
    const userActions = (await auditFor(user.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(userActions.every((a) => a.actorTokenId === scim.tokenId && a.actorUserId === null)).toBe(true);
    expect(userActions.map((a) => a.action)).toEqual([
      'scim.user.create',
      'scim.user.patch',
      'scim.user.patch',
      'scim.user.patch',
      'scim.user.patch',
      'scim.user.patch',
      'scim.user.delete',
    ]);
    expect(userActions[4]).toMatchObject({ before: { active: true }, after: { active: false } });
    const groupActions = (await auditFor(group.id)).map((a) => a.action).sort();
    expect(groupActions).toEqual([
      'scim.group.create',
      'scim.group.delete',
      'scim.group.patch',
      'scim.group.patch',
      'scim.group.patch',
      'scim.group.patch',
    ]);
  });
});
