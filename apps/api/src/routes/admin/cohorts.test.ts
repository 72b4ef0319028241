import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { cohortMembers, organisations, userHabits } from '../../db/schema/index.ts';
import { createProgramme } from '../../test/factories.ts';
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

const COHORTS = `${ADMIN}/cohorts`;

describeEachDatabase('administration console: cohorts', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => new Date('2026-05-01T09:00:00Z') });
    w = await createConsoleWorlds(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists, creates, renames and moves people into cohorts, each write with its audit row', async () => {
    const organisationId = w.world.organisation.id;
    await db()
      .update(organisations)
      .set({ defaultCohortId: w.world.cohort.id })
      .where(eq(organisations.id, organisationId));
    const listed = await send(w.admin, { method: 'GET', url: COHORTS });
    expect(listed).toEqual({
      status: 200,
      body: [
        {
          id: w.world.cohort.id,
          name: w.world.cohort.name,
          programme: { id: w.world.programme.id, name: w.world.programme.name },
          member_count: 2, // the member and the leader; the administrator is in no cohort
          is_default: true,
        },
      ],
    });

    const created = await send(w.admin, {
      method: 'POST',
      url: COHORTS,
      payload: { name: '  Spring 2027 ', programme_id: w.world.programme.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Spring 2027', member_count: 0, is_default: false });
    const cohortId = created.body.id as string;
    const [createdRow] = await auditRowsOf(db(), { organisationId, action: 'cohort.create' });
    expect(createdRow).toMatchObject({ actorUserId: w.admin.id, entity: 'cohort', entityId: cohortId, before: null });
    expect(createdRow!.after).toEqual(created.body);

    const renamed = await send(w.admin, {
      method: 'PATCH',
      url: `${COHORTS}/${cohortId}`,
      payload: { name: 'Autumn' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { id: cohortId, name: 'Autumn' } });
    const [renamedRow] = await auditRowsOf(db(), { organisationId, action: 'cohort.update' });
    expect(renamedRow).toMatchObject({ before: { name: 'Spring 2027' }, after: { name: 'Autumn' } });

    const moved = await send(w.admin, {
      method: 'POST',
      url: `${COHORTS}/${cohortId}/members`,
      payload: { user_ids: [w.member.id, w.admin.id] },
    });
    expect(moved).toMatchObject({ status: 200, body: { moved: 2, cohort: { id: cohortId, member_count: 2 } } });
    const memberships = await db().select().from(cohortMembers).where(eq(cohortMembers.cohortId, cohortId));
    expect(memberships.map((m) => m.userId).sort()).toEqual([w.member.id, w.admin.id].sort());
    const [movedRow] = await auditRowsOf(db(), { organisationId, action: 'cohort.move_members' });
    expect(movedRow!.before).toEqual({
      members: expect.arrayContaining([
        { user_id: w.member.id, cohort_id: w.world.cohort.id },
        { user_id: w.admin.id, cohort_id: null },
      ]),
    });

    // Moving people already there changes nothing and writes no audit row.
    const again = await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, { method: 'POST', url: `${COHORTS}/${cohortId}/members`, payload: { user_ids: [w.member.id] } }),
      200,
    );
    expect(again).toMatchObject({ moved: 0 });
    // Back where they were, for the other tests.
    await send(w.admin, {
      method: 'POST',
      url: `${COHORTS}/${w.world.cohort.id}/members`,
      payload: { user_ids: [w.member.id] },
    });
  });

  it('refuses a duplicate name (409), bad input (400) and other organisations’ ids (404), writing nothing', async () => {
    const foreignCohort = w.foreign.cohort.id;
    const foreignProgramme = w.foreign.programme.id;
    const own = { name: 'Unique one', programme_id: w.world.programme.id };
    const cases: [Parameters<typeof send>[1], number][] = [
      [
        { method: 'POST', url: COHORTS, payload: { name: w.world.cohort.name, programme_id: w.world.programme.id } },
        409,
      ],
      [{ method: 'POST', url: COHORTS, payload: { name: '', programme_id: w.world.programme.id } }, 400],
      [{ method: 'POST', url: COHORTS, payload: { ...own, extra: true } }, 400],
      [{ method: 'POST', url: COHORTS, payload: { ...own, programme_id: 'not-a-uuid' } }, 400],
      [{ method: 'POST', url: COHORTS, payload: { ...own, programme_id: foreignProgramme } }, 404],
      [{ method: 'PATCH', url: `${COHORTS}/${w.world.cohort.id}`, payload: {} }, 400],
      [{ method: 'PATCH', url: `${COHORTS}/${foreignCohort}`, payload: { name: 'Mine now' } }, 404],
      [{ method: 'PATCH', url: `${COHORTS}/${w.world.cohort.id}`, payload: { programme_id: foreignProgramme } }, 404],
      [{ method: 'POST', url: `${COHORTS}/${foreignCohort}/members`, payload: { user_ids: [w.member.id] } }, 404],
      [{ method: 'POST', url: `${COHORTS}/${w.world.cohort.id}/members`, payload: { user_ids: [] } }, 400],
      [
        {
          method: 'POST',
          url: `${COHORTS}/${w.world.cohort.id}/members`,
          payload: { user_ids: [w.admin.id, w.admin.id] },
        },
        400,
      ],
    ];
    for (const [call, status] of cases) await refusedWithoutWrites(db(), () => send(w.admin, call), status);

    // All or nothing: one person of another organisation in the list and nobody moves.
    const body = await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, {
          method: 'POST',
          url: `${COHORTS}/${w.world.cohort.id}/members`,
          payload: { user_ids: [w.admin.id, w.foreignAdmin.id] },
        }),
      404,
    );
    expect(body).toMatchObject({ detail: expect.stringContaining(w.foreignAdmin.id) });

    // Renaming to a name another cohort has is 409.
    const second = await send(w.admin, {
      method: 'POST',
      url: COHORTS,
      payload: { name: 'Taken', programme_id: w.world.programme.id },
    });
    await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, { method: 'PATCH', url: `${COHORTS}/${second.body.id}`, payload: { name: w.world.cohort.name } }),
      409,
    );
  });

  it('changes the programme only while no member has an active habit of the current one', async () => {
    const other = await createProgramme(db(), { organisationId: w.world.organisation.id, name: 'Second programme' });
    await db().insert(userHabits).values({
      userId: w.member.id,
      habitId: w.world.habits[0]!.id,
      slot: 1,
      startedOn: '2026-04-01',
      targetDays: 60,
    });
    const body = await refusedWithoutWrites(
      db(),
      () =>
        send(w.admin, { method: 'PATCH', url: `${COHORTS}/${w.world.cohort.id}`, payload: { programme_id: other.id } }),
      409,
    );
    expect(body).toMatchObject({ detail: expect.stringContaining('1 member of this cohort has active habits') });

    await db().update(userHabits).set({ status: 'completed', slot: null }).where(eq(userHabits.userId, w.member.id));
    const changed = await send(w.admin, {
      method: 'PATCH',
      url: `${COHORTS}/${w.world.cohort.id}`,
      payload: { programme_id: other.id },
    });
    expect(changed).toMatchObject({ status: 200, body: { programme: { id: other.id, name: 'Second programme' } } });
    const [row] = await auditRowsOf(db(), { organisationId: w.world.organisation.id, action: 'cohort.update' });
    expect(row).toMatchObject({
      before: { programme: { id: w.world.programme.id } },
      after: { programme: { id: other.id } },
    });
  });

  it('is for administrators only: anyone else 403, and another organisation’s administrator sees only theirs', async () => {
    for (const person of [w.member, w.leader]) {
      await refusedWithoutWrites(db(), () => send(person, { method: 'GET', url: COHORTS }), 403);
      await refusedWithoutWrites(
        db(),
        () =>
          send(person, { method: 'POST', url: COHORTS, payload: { name: 'X', programme_id: w.world.programme.id } }),
        403,
      );
    }
    const theirs = await send(w.foreignAdmin, { method: 'GET', url: COHORTS });
    expect(theirs.body.map((c: { id: string }) => c.id)).toEqual([w.foreign.cohort.id]);
  });
});
