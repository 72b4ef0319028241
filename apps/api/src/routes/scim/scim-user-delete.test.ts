import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, moodEntries, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { PATCH_OP, scimClient, type ScimClient } from './testing/scim.ts';

// SCIM DELETE means gone to the directory (RFC 7644 §3.6, docs/domain/scim.md#users): 404 from
// then on, absent from every list and filter, while HabiTrack keeps the person deactivated with
// their history; provisioning them again brings back that same account.
describeEachDatabase('SCIM: a deleted user', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let scim: ScimClient;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    scim = await scimClient(app, db());
  });
  afterAll(async () => {
    await app.close();
  });

  // A person provisioned by SCIM, signed in, with a mood recorded (their history).
  async function provisioned(local: string) {
    const email = `${local}@${scim.domain}`;
    const created = await scim.send('POST', '/Users', scim.entraUser(email, `ext-${local}`));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await db().insert(moodEntries).values({ userId: id, entryDate: '2026-01-05', moodValue: 4 });
    const headers = { authorization: `Bearer ${await issuers.hosted({ email })}` };
    const call = () => app.inject({ method: 'GET', url: '/api/v1/auth/user-flow-status', headers });
    expect((await call()).statusCode).toBe(200);
    return { id, email, call };
  }
  const moods = async (userId: string) =>
    (await db().select({ n: count() }).from(moodEntries).where(eq(moodEntries.userId, userId)))[0]!.n;
  const totalFor = async (filter: string) =>
    (await scim.send('GET', `/Users?filter=${encodeURIComponent(filter)}`)).json().totalResults;

  it('answers 404 after DELETE and leaves every list, while the account stays deactivated with its history', async () => {
    const person = await provisioned('gone');
    expect((await scim.send('DELETE', `/Users/${person.id}`)).statusCode).toBe(204);

    expect((await scim.send('GET', `/Users/${person.id}`)).statusCode).toBe(404);
    expect((await scim.send('PATCH', `/Users/${person.id}`, { schemas: [PATCH_OP], Operations: [] })).statusCode).toBe(
      404,
    );
    expect((await scim.send('DELETE', `/Users/${person.id}`)).statusCode).toBe(404);
    expect(await totalFor(`userName eq "${person.email}"`)).toBe(0);
    expect(await totalFor('externalId eq "ext-gone"')).toBe(0);
    const all = (await scim.send('GET', '/Users?count=200')).json();
    expect(all.Resources.map((u: { id: string }) => u.id)).not.toContain(person.id);

    const refused = await person.call();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ reason: 'account_deactivated' });
    const [row] = await db().select().from(users).where(eq(users.id, person.id));
    expect(row!.deactivatedAt).toBeInstanceOf(Date);
    expect(row!.scimDeletedAt).toBeInstanceOf(Date);
    expect(await moods(person.id)).toBe(1);
  });

  it("leaves a deleted user out of their group's members, and in their team when the group changes", async () => {
    const person = await provisioned('grouped');
    const other = await provisioned('grouped-2');
    const group = await scim.send('POST', '/Groups', {
      displayName: 'Grouped',
      members: [{ value: person.id }, { value: other.id }],
    });
    const groupId = group.json().id as string;
    await scim.send('DELETE', `/Users/${person.id}`);
    const read = await scim.send('GET', `/Groups/${groupId}`);
    expect(read.json().members.map((m: { value: string }) => m.value)).toEqual([other.id]);
    const replaced = await scim.send('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'members', value: [] }],
    });
    expect(replaced.statusCode).toBe(200);
    const [kept] = await db().select().from(users).where(eq(users.id, person.id));
    expect(kept!.teamId).toBe(groupId);
    const added = await scim.send('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: person.id }] }],
    });
    expect(added.statusCode).toBe(400);
  });

  it('reactivates the same account when the same externalId or userName is provisioned again', async () => {
    const person = await provisioned('back');
    await scim.send('DELETE', `/Users/${person.id}`);
    const again = await scim.send('POST', '/Users', scim.entraUser(person.email, 'ext-back'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: person.id, active: true, externalId: 'ext-back' });
    expect((await person.call()).statusCode).toBe(200);
    expect((await scim.send('GET', `/Users/${person.id}`)).statusCode).toBe(200);
    expect(await moods(person.id)).toBe(1);

    // The userName alone, under a new externalId, finds the account too: still one person.
    await scim.send('DELETE', `/Users/${person.id}`);
    const renamed = await scim.send('POST', '/Users', scim.entraUser(person.email, 'ext-back-2'));
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json()).toMatchObject({ id: person.id, externalId: 'ext-back-2', active: true });
    const rows = await db().select({ n: count() }).from(users).where(eq(users.email, person.email));
    expect(rows[0]!.n).toBe(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(audit.map((a) => a.action).filter((a) => a === 'scim.user.restore')).toHaveLength(2);
  });

  it('leaves a user deactivated with active:false readable, and a new POST of them is 409', async () => {
    const person = await provisioned('paused');
    const off = await scim.send('PATCH', `/Users/${person.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.json().active).toBe(false);
    expect((await scim.send('GET', `/Users/${person.id}`)).json()).toMatchObject({ id: person.id, active: false });
    expect(await totalFor('externalId eq "ext-paused"')).toBe(1);
    const again = await scim.send('POST', '/Users', scim.entraUser(person.email, 'ext-paused'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ scimType: 'uniqueness' });
  });
});
