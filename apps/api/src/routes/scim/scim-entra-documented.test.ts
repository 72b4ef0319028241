import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, teams, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { scimClient, type ScimClient } from './testing/scim.ts';

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

// Microsoft's "Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID", its
// request examples replayed as they are written, identifiers included: its userName is not an
// e-mail address ("Test_User_<guid>"), so the e-mail comes from the primary work address of
// `emails` and userName is kept as the directory sent it (docs/domain/scim.md#the-user-mapping,
// migration 0017).
// Only the ids the server makes (the user's and the group's) are taken from its answers.
describeEachDatabase('SCIM: the request examples of Microsoft Entra ID documentation', (getDatabase) => {
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

  const query = (expression: string) => encodeURIComponent(expression);
  const userRow = async (id: string) => (await getDatabase().db.select().from(users).where(eq(users.id, id)))[0]!;

  it('creates, finds, updates, disables and deletes a user, and runs a group, as documented', async () => {
    // User operations: Create User.
    const created = await scim.send('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2b@testuser.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      id: expect.any(String),
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      emails: [{ value: 'test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2b@testuser.com', type: 'work', primary: true }],
      meta: { resourceType: 'User' },
    });
    expect(await userRow(user.id)).toMatchObject({
      organisationId: scim.organisation.id,
      email: 'test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2b@testuser.com',
      scimUserName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
      fullName: 'givenName familyName',
      role: 'member',
      isAdmin: false,
    });

    // Get User, and Get User by query (userName compared in any letter case).
    const read = await scim.send('GET', `/Users/${user.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(user);
    const found = await scim.send(
      'GET',
      `/Users?filter=${query('userName eq "test_user_AB6490EE-1e48-479e-a20b-2d77186b5dd1"')}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ schemas: [LIST], totalResults: 1, Resources: [{ id: user.id }] });

    // Get User by query - zero results.
    const none = await scim.send('GET', `/Users?filter=${query('userName eq "non-existent user"')}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // A second user with the same userName (another letter case) is refused, and nothing is written.
    const twin = await scim.send('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'TEST_USER_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
      emails: [{ primary: true, type: 'work', value: 'someone.else@testuser.com' }],
      name: { givenName: 'Some', familyName: 'One' },
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ scimType: 'uniqueness' });
    expect(await getDatabase().db.select().from(users).where(eq(users.email, 'someone.else@testuser.com'))).toEqual([]);

    // Update User [Multi-valued properties]: the work e-mail is the e-mail while userName is none.
    const multi = await scim.send('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(multi.statusCode, multi.body).toBeLessThan(300);
    expect(await userRow(user.id)).toMatchObject({
      email: 'updatedemail@microsoft.com',
      fullName: 'givenName updatedFamilyName',
      scimUserName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
    });

    // Update User [Single-valued properties]: userName becomes an e-mail address, hence the e-mail.
    const single = await scim.send('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' }],
    });
    expect(single.statusCode, single.body).toBeLessThan(300);
    expect(await userRow(user.id)).toMatchObject({
      email: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com',
      scimUserName: null,
    });
    const byNewName = await scim.send(
      'GET',
      `/Users?filter=${query('userName eq "5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com"')}`,
    );
    expect(byNewName.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });

    // Disable User.
    const disabled = await scim.send('PATCH', `/Users/${user.id}`, {
      Operations: [{ op: 'Replace', path: 'active', value: false }],
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    });
    expect(disabled.statusCode, disabled.body).toBeLessThan(300);
    expect((await userRow(user.id)).deactivatedAt).toBeInstanceOf(Date);

    // Group operations: Create Group, with Microsoft's own group schema beside the core one.
    const group = await scim.send('POST', '/Groups', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group',
      ],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'displayName',
      meta: { resourceType: 'Group' },
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().id as string;
    expect(group.json()).toMatchObject({ displayName: 'displayName', meta: { resourceType: 'Group' } });

    // Get Group, and Get Group by displayName, without members.
    const readGroup = await scim.send('GET', `/Groups/${groupId}?excludedAttributes=members`);
    expect(readGroup.statusCode).toBe(200);
    expect(readGroup.json()).toMatchObject({ id: groupId, displayName: 'displayName' });
    expect(readGroup.json().members).toBeUndefined();
    const byName = await scim.send(
      'GET',
      `/Groups?excludedAttributes=members&filter=${query('displayName eq "displayName"')}`,
    );
    expect(byName.json()).toMatchObject({ schemas: [LIST], totalResults: 1, Resources: [{ id: groupId }] });

    // Update Group [Non-member attributes].
    const renamed = await scim.send('PATCH', `/Groups/${groupId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'displayName', value: '1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName' },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    const [team] = await getDatabase().db.select().from(teams).where(eq(teams.id, groupId));
    expect(team!.name).toBe('1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName');

    // Update Group [Add Members] and [Remove Members], with the user created above.
    const added = await scim.send('PATCH', `/Groups/${groupId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await userRow(user.id)).teamId).toBe(groupId);
    const removed = await scim.send('PATCH', `/Groups/${groupId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: user.id }] }],
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await userRow(user.id)).teamId).toBeNull();

    // Delete Group, Delete User.
    expect((await scim.send('DELETE', `/Groups/${groupId}`)).statusCode).toBe(204);
    expect((await scim.send('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);

    // Every write is in the audit log, by the token; the user's rows keep the directory's userName.
    const rows = await getDatabase()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, scim.organisation.id), eq(auditLog.actorTokenId, scim.tokenId)));
    const actions = rows.map((r) => r.action).sort();
    expect(actions.filter((a) => a.startsWith('scim.user.'))).toHaveLength(5);
    expect(actions.filter((a) => a.startsWith('scim.group.'))).toHaveLength(5);
  });

  it('refuses a userName that is no e-mail address when emails holds none, and writes nothing', async () => {
    const refused = await scim.send('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'Test_User_no_mail',
      name: { givenName: 'No', familyName: 'Mail' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ scimType: 'invalidValue', detail: expect.stringMatching(/emails/) });
    const listed = await scim.send('GET', `/Users?filter=${query('userName eq "Test_User_no_mail"')}`);
    expect(listed.json().totalResults).toBe(0);
  });
});
