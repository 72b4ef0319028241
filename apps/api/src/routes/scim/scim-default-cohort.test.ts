import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, cohortMembers, organisations } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createCohort, createProgramme } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scimClient } from './testing/scim.ts';

// New people join the organisation's default cohort when one is set (docs/domain/scim.md#users).
describeEachDatabase('SCIM and the default cohort', (getDatabase) => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp(getDatabase());
  });
  afterAll(async () => {
    await app.close();
  });

  const cohortOf = async (userId: string) => {
    const rows = await getDatabase().db.select().from(cohortMembers).where(eq(cohortMembers.userId, userId));
    return rows.map((r) => r.cohortId);
  };

  it('places a provisioned person in the default cohort, and in none without one', async () => {
    const db = getDatabase().db;
    const client = await scimClient(app, db);
    const programme = await createProgramme(db, { organisationId: client.organisation.id });
    const cohort = await createCohort(db, { organisationId: client.organisation.id, programmeId: programme.id });

    const waiting = await client.send('POST', '/Users', client.entraUser(`a-${randomUUID()}@${client.domain}`, 'a1'));
    expect(waiting.statusCode).toBe(201);
    expect(await cohortOf(waiting.json().id)).toEqual([]);

    await db
      .update(organisations)
      .set({ defaultCohortId: cohort.id })
      .where(eq(organisations.id, client.organisation.id));
    const placed = await client.send('POST', '/Users', client.entraUser(`b-${randomUUID()}@${client.domain}`, 'b1'));
    expect(placed.statusCode).toBe(201);
    expect(await cohortOf(placed.json().id)).toEqual([cohort.id]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, placed.json().id));
    expect(audit!.after).toMatchObject({ cohort_id: cohort.id });

    // Changing the person later through SCIM leaves their cohort alone.
    const patched = await client.send('PATCH', `/Users/${placed.json().id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'title', value: 'Engineer' }],
    });
    expect(patched.statusCode).toBe(200);
    expect(await cohortOf(placed.json().id)).toEqual([cohort.id]);
  });
});
