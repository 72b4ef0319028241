import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, teams, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { PATCH_OP, scimClient, type ScimClient } from './testing/scim.ts';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

// Groups are teams: membership is the user's team, PATCH add / remove as Entra ID sends it.
describeEachDatabase('SCIM 2.0 Groups', (getDatabase) => {
  let app: App;
  let scim: ScimClient;

  beforeAll(async () => {
    app = await createTestApp(getDatabase());
    scim = await scimClient(app, getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const teamOf = async (userId: string) =>
    (await getDatabase().db.select().from(users).where(eq(users.id, userId)))[0]!.teamId;
  const user = async (local: string) =>
    (await scim.send('POST', '/Users', scim.entraUser(`${local}@${scim.domain}`, `ext-${local}`))).json().id as string;

  it('creates a group, adds and removes members as Entra ID does, renames, filters and deletes it', async () => {
    const [a, b] = [await user('ga'), await user('gb')];
    const created = await scim.send('POST', '/Groups', { schemas: [GROUP], displayName: 'Platform', members: [] });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toMatchObject({ displayName: 'Platform', members: [] });
    const added = await scim.send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: a }, { value: b }] }],
    });
    expect(added.statusCode).toBe(200);
    expect(await teamOf(a)).toBe(group.id);
    expect(await teamOf(b)).toBe(group.id);
    const removed = await scim.send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: a }] }],
    });
    expect(removed.json().members.map((m: { value: string }) => m.value)).toEqual([b]);
    expect(await teamOf(a)).toBeNull();
    await scim.send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'remove', path: `members[value eq "${b}"]` },
        { op: 'Replace', path: 'displayName', value: 'Platform Team' },
      ],
    });
    expect(await teamOf(b)).toBeNull();
    const filtered = await scim.send(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "platform team"')}`,
    );
    expect(filtered.json()).toMatchObject({
      totalResults: 1,
      Resources: [{ id: group.id, displayName: 'Platform Team' }],
    });
    expect(filtered.json().Resources[0].members).toBeUndefined();
    const audit = await getDatabase().db.select().from(auditLog).where(eq(auditLog.entityId, group.id));
    expect(audit.map((r) => r.action).sort()).toEqual([
      'scim.group.create',
      'scim.group.patch',
      'scim.group.patch',
      'scim.group.patch',
    ]);
    expect((await scim.send('DELETE', `/Groups/${group.id}`)).statusCode).toBe(204);
    // Archived, not deleted (scim-group-archive.test.ts): gone to the directory, kept in HabiTrack.
    expect((await scim.send('GET', `/Groups/${group.id}`)).statusCode).toBe(404);
    const [archived] = await getDatabase().db.select().from(teams).where(eq(teams.id, group.id));
    expect(archived!.archivedAt).toBeInstanceOf(Date);
  });

  it('writes nothing for a member of another organisation or a bad operation, and hides other organisations', async () => {
    const other = await scimClient(app, getDatabase().db);
    const stranger = (await other.send('POST', '/Users', other.entraUser(`s@${other.domain}`, 'ext-s'))).json().id;
    const mine = await user('gm');
    const group = (await scim.send('POST', '/Groups', { displayName: 'Ops' })).json();
    const refused = await scim.send('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: mine }] },
        { op: 'add', path: 'members', value: [{ value: stranger }] },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ scimType: 'invalidValue' });
    expect(await teamOf(mine)).toBeNull();
    const bad = await scim.send('PATCH', `/Groups/${group.id}`, { Operations: [{ op: 'jump', path: 'members' }] });
    expect(bad.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect((await other.send('GET', `/Groups/${group.id}`)).statusCode).toBe(404);
    expect((await other.send('DELETE', `/Groups/${group.id}`)).statusCode).toBe(404);
    expect((await scim.send('POST', '/Groups', { displayName: 'ops' })).json()).toMatchObject({
      scimType: 'uniqueness',
    });
  });
});
