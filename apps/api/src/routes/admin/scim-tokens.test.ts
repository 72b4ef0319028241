import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { scimTokens } from '../../db/schema/index.ts';
import { hashScimToken } from '../../services/scim/tokens.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import {
  ADMIN,
  auditRowsOf,
  consoleCaller,
  createConsoleWorlds,
  refusedWithoutWrites,
  type ConsoleWorlds,
} from './testing/console.ts';

const TOKENS = `${ADMIN}/scim-tokens`;

describeEachDatabase('administration console: SCIM tokens', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);
  const scimUsers = (token: string) =>
    app.inject({ method: 'GET', url: '/scim/v2/Users', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    w = await createConsoleWorlds(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a token shown once, lists it without its hash, and a revoked token is refused by SCIM (401)', async () => {
    const organisationId = w.world.organisation.id;
    const created = await send(w.admin, { method: 'POST', url: TOKENS });
    expect(created.status).toBe(201);
    const { token, ...listed } = created.body;
    expect(token).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    expect(listed).toMatchObject({
      prefix: token.slice(0, 11),
      created_by: { id: w.admin.id },
      last_used_at: null,
      revoked_at: null,
    });
    const [stored] = await db().select().from(scimTokens).where(eq(scimTokens.id, listed.id));
    expect(stored!.tokenHash).toBe(hashScimToken(token));
    const [createdRow] = await auditRowsOf(db(), { organisationId, action: 'scim_token.create' });
    expect(createdRow).toMatchObject({ actorUserId: w.admin.id, entityId: listed.id });

    expect((await scimUsers(token)).statusCode).toBe(200);
    const list = await send(w.admin, { method: 'GET', url: TOKENS });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toEqual({ ...listed, last_used_at: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain(stored!.tokenHash);
    expect(JSON.stringify(list.body)).not.toContain(token);

    const revoked = await send(w.admin, { method: 'POST', url: `${TOKENS}/${listed.id}/revoke` });
    expect(revoked).toMatchObject({ status: 200, body: { id: listed.id, revoked_at: expect.any(String) } });
    expect((await scimUsers(token)).statusCode).toBe(401);
    const [revokedRow] = await auditRowsOf(db(), { organisationId, action: 'scim_token.revoke' });
    expect(revokedRow).toMatchObject({
      actorUserId: w.admin.id,
      entityId: listed.id,
      before: { revoked_at: null },
      after: { revoked_at: revoked.body.revoked_at },
    });
    // Revoking again: the same answer, nothing written.
    const again = await refusedWithoutWrites(
      db(),
      () => send(w.admin, { method: 'POST', url: `${TOKENS}/${listed.id}/revoke` }),
      200,
    );
    expect(again).toEqual(revoked.body);
  });

  it('keeps tokens to their organisation: 404 for another organisation’s token, 403 for non-administrators', async () => {
    const theirs = await send(w.foreignAdmin, { method: 'POST', url: TOKENS });
    expect(theirs.status).toBe(201);
    await refusedWithoutWrites(
      db(),
      () => send(w.admin, { method: 'POST', url: `${TOKENS}/${theirs.body.id}/revoke` }),
      404,
    );
    await refusedWithoutWrites(db(), () => send(w.admin, { method: 'POST', url: `${TOKENS}/not-an-id/revoke` }), 400);
    const mine = await send(w.admin, { method: 'GET', url: TOKENS });
    expect(mine.body.map((t: { id: string }) => t.id)).not.toContain(theirs.body.id);
    for (const person of [w.member, w.leader]) {
      await refusedWithoutWrites(db(), () => send(person, { method: 'GET', url: TOKENS }), 403);
      await refusedWithoutWrites(db(), () => send(person, { method: 'POST', url: TOKENS }), 403);
      await refusedWithoutWrites(
        db(),
        () => send(person, { method: 'POST', url: `${TOKENS}/${theirs.body.id}/revoke` }),
        403,
      );
    }
    expect((await scimUsers(theirs.body.token)).statusCode).toBe(200);
  });
});
