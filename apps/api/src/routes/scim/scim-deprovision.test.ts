import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { ENTERPRISE, PATCH_OP, scimClient, type ScimClient } from './testing/scim.ts';

// PATCH as Microsoft Entra ID and Okta send it (their public SCIM documentation), deprovisioning
// included: the deprovisioned person's very next API request is refused.
describeEachDatabase('SCIM 2.0 PATCH and deprovisioning', (getDatabase) => {
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

  // A person provisioned by SCIM and signed in to the app with a hosted account.
  async function provisioned(local: string) {
    const email = `${local}@${scim.domain}`;
    const created = await scim.send('POST', '/Users', scim.entraUser(email, `ext-${local}`));
    expect(created.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${await issuers.hosted({ email })}` };
    const call = () => app.inject({ method: 'GET', url: '/api/v1/auth/user-flow-status', headers });
    expect((await call()).statusCode).toBe(200);
    return { id: created.json().id as string, call };
  }
  const expectDeactivated = async (call: () => Promise<{ statusCode: number; json: () => unknown }>) => {
    const refused = await call();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Account deactivated', reason: 'account_deactivated' });
  };
  const patch = (id: string, operations: unknown[]) =>
    scim.send('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: operations });

  it('applies Entra ID attribute updates: emails, names, department, externalId', async () => {
    const person = await provisioned('entra-update');
    const response = await patch(person.id, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
      { op: 'Replace', path: 'name.familyName', value: 'Updated' },
      { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Research' },
      { op: 'Replace', path: 'externalId', value: 'ext-new' },
      { op: 'Replace', path: 'title', value: 'Engineer' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: { givenName: 'Grace', familyName: 'Updated' },
      externalId: 'ext-new',
      title: 'Engineer',
      active: true,
      [ENTERPRISE]: { department: 'Research' },
    });
    const emails = await patch(person.id, [{ op: 'replace', path: 'emails', value: [{ value: 'x', type: 'work' }] }]);
    expect(emails.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
  });

  it('deactivates on Entra ID\'s replace of active (boolean or "False"), and the next API request is refused', async () => {
    for (const value of [false, 'False']) {
      const person = await provisioned(`entra-${typeof value}`);
      const response = await patch(person.id, [{ op: 'Replace', path: 'active', value }]);
      expect(response.statusCode).toBe(200);
      expect(response.json().active).toBe(false);
      await expectDeactivated(person.call);
      const [row] = await getDatabase().db.select().from(users).where(eq(users.id, person.id));
      expect(row!.deactivatedAt).toBeInstanceOf(Date);
      // Re-provisioned: active again from the next request.
      await patch(person.id, [{ op: 'Replace', path: 'active', value: 'True' }]);
      expect((await person.call()).statusCode).toBe(200);
    }
  });

  it("deactivates on Okta's replace without a path, and on DELETE, auditing before and after", async () => {
    const okta = await provisioned('okta');
    const response = await patch(okta.id, [{ op: 'replace', value: { active: false } }]);
    expect(response.json().active).toBe(false);
    await expectDeactivated(okta.call);
    const audit = await getDatabase().db.select().from(auditLog).where(eq(auditLog.entityId, okta.id));
    expect(audit.find((a) => a.action === 'scim.user.patch')).toMatchObject({
      actorTokenId: scim.tokenId,
      before: { active: true },
      after: { active: false },
    });

    const deleted = await provisioned('deleted');
    const removed = await scim.send('DELETE', `/Users/${deleted.id}`);
    expect(removed.statusCode).toBe(204);
    await expectDeactivated(deleted.call);
    // Gone to the directory (404); the account is kept, deactivated (scim-user-delete.test.ts).
    expect((await scim.send('GET', `/Users/${deleted.id}`)).statusCode).toBe(404);
    const [kept] = await getDatabase().db.select().from(users).where(eq(users.id, deleted.id));
    expect(kept!.deactivatedAt).toBeInstanceOf(Date);
    const deleteAudit = await getDatabase().db.select().from(auditLog).where(eq(auditLog.entityId, deleted.id));
    expect(deleteAudit.map((a) => a.action).sort()).toEqual(['scim.user.create', 'scim.user.delete']);
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const config = await scim.send('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const types = (await scim.send('GET', '/ResourceTypes')).json();
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = (await scim.send('GET', '/Schemas')).json();
    expect(schemas.Resources.map((r: { id: string }) => r.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      ENTERPRISE,
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
    expect((await scim.send('GET', '/Schemas/urn:nothing')).statusCode).toBe(404);
    expect((await scim.send('GET', '/Bulk')).json()).toMatchObject({ status: '404' });
  });
});
