import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, scimTokens, users } from './schema/index.ts';
import { importPeople } from '../imports/import-people.ts';
import { createScimToken, hashScimToken, UnknownOrganisationError } from '../services/scim/tokens.service.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createOrganisation, createUser } from '../test/factories.ts';

// Migration 0014 (docs/domain/administration.md): the administrator right, the deactivated status,
// the append-only audit log and the SCIM tokens stored as SHA-256 hashes.
// The database's own message (drizzle wraps it as the cause of "Failed query").
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String(cause instanceof Error ? cause.message : error);
  }
  return 'not refused';
}

describeEachDatabase('administration schema', (getDb) => {
  it('gives users no administrator right and an active status by default', async () => {
    const { db } = getDb();
    const organisation = await createOrganisation(db);
    const user = await createUser(db, { organisationId: organisation.id });
    expect(user).toMatchObject({ isAdmin: false, deactivatedAt: null, externalId: null });
  });

  it('keeps the audit log append-only: UPDATE and DELETE are refused by the database', async () => {
    const { db } = getDb();
    const organisation = await createOrganisation(db);
    const [row] = await db
      .insert(auditLog)
      .values({ organisationId: organisation.id, action: 'create', entity: 'user', entityId: 'x', after: { a: 1 } })
      .returning();
    expect(await refusal(db.update(auditLog).set({ action: 'changed' }).where(eq(auditLog.id, row!.id)))).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, row!.id)))).toMatch(/append-only: DELETE/);
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(kept).toMatchObject({ action: 'create', after: { a: 1 } });
  });

  it("lets an erasure change only the values of its own person's rows, inside its transaction (migration 0018)", async () => {
    const { db } = getDb();
    const organisation = await createOrganisation(db);
    const [row] = await db
      .insert(auditLog)
      .values({ organisationId: organisation.id, action: 'create', entity: 'user', entityId: 'u1', after: { a: 1 } })
      .returning();
    const erasing = (userId: string, write: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => unknown) =>
      refusal(
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('habitrack.erasing_user', ${userId}, true)`);
          await write(tx);
        }),
      );
    // Another person's erasure, a change of anything but the values, a delete: refused.
    expect(await erasing('u2', (tx) => tx.update(auditLog).set({ after: {} }).where(eq(auditLog.id, row!.id)))).toMatch(
      /append-only: UPDATE/,
    );
    expect(
      await erasing('u1', (tx) => tx.update(auditLog).set({ action: 'changed' }).where(eq(auditLog.id, row!.id))),
    ).toMatch(/append-only: UPDATE/);
    expect(await erasing('u1', (tx) => tx.delete(auditLog).where(eq(auditLog.id, row!.id)))).toMatch(
      /append-only: DELETE/,
    );
    // The setting is the transaction's own: after it, the row is append-only again.
    expect(await erasing('u1', (tx) => tx.update(auditLog).set({ after: {} }).where(eq(auditLog.id, row!.id)))).toBe(
      'not refused',
    );
    expect(
      await refusal(
        db
          .update(auditLog)
          .set({ after: { b: 2 } })
          .where(eq(auditLog.id, row!.id)),
      ),
    ).toMatch(/append-only: UPDATE/);
    const [kept] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(kept).toMatchObject({ action: 'create', after: {} });
  });

  it('stores SCIM tokens only as a unique SHA-256 hex hash', async () => {
    const { db } = getDb();
    const organisation = await createOrganisation(db);
    const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
    await db.insert(scimTokens).values({ organisationId: organisation.id, prefix: 'scim_abc', tokenHash: hash });
    expect(
      await refusal(db.insert(scimTokens).values({ organisationId: organisation.id, prefix: 'p', tokenHash: hash })),
    ).toMatch(/scim_tokens_token_hash_key/);
    expect(
      await refusal(
        db.insert(scimTokens).values({ organisationId: organisation.id, prefix: 'p', tokenHash: 'nohash' }),
      ),
    ).toMatch(/scim_tokens_token_hash_shape/);
  });

  it('imports is_admin from the people file, false when absent', async () => {
    const { db } = getDb();
    const organisation = await createOrganisation(db);
    const domain = organisation.emailDomains[0]!;
    const file = (adminFlag: string, plainFlag: string) => `version: 1
organisation:
  slug: ${organisation.slug}
  name: ${organisation.name}
users:
  - email: admin@${domain}
    full_name: Ada Admin
    role: member
${adminFlag}
  - email: plain@${domain}
    full_name: Pat Plain
${plainFlag}
`;
    const source = (adminFlag: string, plainFlag = '') => file(adminFlag, plainFlag);
    await importPeople(db, { source: source('    is_admin: true'), fileName: 'people.yaml' });
    const read = async () =>
      Object.fromEntries(
        (await db.select().from(users).where(eq(users.organisationId, organisation.id))).map((u) => [
          u.email,
          [u.role, u.isAdmin],
        ]),
      );
    expect(await read()).toEqual({ [`admin@${domain}`]: ['member', true], [`plain@${domain}`]: ['member', false] });
    // The organisation's only administrator keeps the right: the file is refused, nothing changes.
    await expect(importPeople(db, { source: source('    is_admin: false'), fileName: 'people.yaml' })).rejects.toThrow(
      /is the last active administrator/,
    );
    expect((await read())[`admin@${domain}`]).toEqual(['member', true]);
    // With another administrator, the right can go.
    await importPeople(db, { source: source('    is_admin: false', '    is_admin: true'), fileName: 'people.yaml' });
    expect(await read()).toEqual({ [`admin@${domain}`]: ['member', false], [`plain@${domain}`]: ['member', true] });
    await expect(importPeople(db, { source: source('    is_admin: "yes"'), fileName: 'people.yaml' })).rejects.toThrow(
      /is_admin/,
    );
  });

  it('makes a SCIM token of 32 random bytes, returned once and stored only as its hash, and audits it', async () => {
    const { db } = getDb();
    const organisation = await createOrganisation(db);
    const made = await createScimToken(db, { organisationId: organisation.id, createdBy: null });
    expect(made.token).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const [stored] = await db.select().from(scimTokens).where(eq(scimTokens.id, made.id));
    expect(stored).toMatchObject({
      organisationId: organisation.id,
      prefix: made.prefix,
      tokenHash: hashScimToken(made.token),
    });
    expect(JSON.stringify(stored)).not.toContain(made.token);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audit).toMatchObject({ action: 'scim_token.create', entity: 'scim_token', after: { prefix: made.prefix } });
    await expect(
      createScimToken(db, { organisationId: '00000000-0000-4000-8000-000000000000', createdBy: null }),
    ).rejects.toBeInstanceOf(UnknownOrganisationError);
  });
});
