import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { endorsements, habitLogs, identities, userHabits, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import type { Member } from '../../test/world.ts';
import { auditRows, caller, createAdminWorld, PEOPLE, writes, type AdminWorld } from './testing/people.ts';

const NOW = new Date('2026-11-27T10:00:00Z');

describeEachDatabase('admin people: deactivation and erasure', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let mine: AdminWorld;
  let theirs: AdminWorld;
  let call: ReturnType<typeof caller>;
  const db = () => getDatabase().db;
  const post = (admin: Member, id: string, verb: string) =>
    call(admin, { method: 'POST', url: `${PEOPLE}/${id}/${verb}` });

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    call = caller(app);
    mine = await createAdminWorld(db(), issuers);
    theirs = await createAdminWorld(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('deactivating and reactivating', () => {
    it('refuses the person from their next request, is idempotent, audits each change and restores them', async () => {
      const person = await mine.person();
      expect((await call(person, { method: 'GET', url: '/api/v1/auth/user-flow-status' })).status).toBe(200);
      const done = await post(mine.admin, person.id, 'deactivate');
      expect(done).toMatchObject({
        status: 200,
        body: { status: 'deactivated', deactivated_at: NOW.toISOString() },
      });
      const refused = await call(person, { method: 'GET', url: '/api/v1/auth/user-flow-status' });
      expect(refused).toMatchObject({ status: 401, body: { reason: 'account_deactivated' } });
      const before = await writes(db(), mine.organisation.id);
      expect((await post(mine.admin, person.id, 'deactivate')).body.status).toBe('deactivated');
      expect(await writes(db(), mine.organisation.id)).toEqual(before);

      const back = await post(mine.admin, person.id, 'reactivate');
      expect(back.body).toMatchObject({ status: 'active', deactivated_at: null });
      expect((await call(person, { method: 'GET', url: '/api/v1/auth/user-flow-status' })).status).toBe(200);
      expect((await post(mine.admin, person.id, 'reactivate')).status).toBe(200);
      const rows = (await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.deactivate' }))
        .concat(await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.reactivate' }))
        .filter((r) => r.entityId === person.id);
      expect(rows.map((r) => [r.action, r.before, r.after, r.actorUserId])).toEqual([
        ['person.deactivate', { deactivated_at: null }, { deactivated_at: NOW.toISOString() }, mine.admin.id],
        ['person.reactivate', { deactivated_at: NOW.toISOString() }, { deactivated_at: null }, mine.admin.id],
      ]);
    });

    it('answers 409 for the last administrator (themselves included) and 404 for another organisation', async () => {
      const world = await createAdminWorld(db(), issuers);
      const before = await writes(db(), world.organisation.id);
      const self = await post(world.admin, world.admin.id, 'deactivate');
      expect(self.status).toBe(409);
      expect(self.body.detail).toMatch(/is the last administrator/);
      for (const verb of ['deactivate', 'reactivate', 'erase']) {
        expect((await post(world.admin, theirs.member.id, verb)).status).toBe(404);
        expect((await post(world.admin, randomUUID(), verb)).status).toBe(404);
        expect((await post(world.admin, 'not-a-person', verb)).status).toBe(400);
        expect((await post(world.member, world.member.id, verb)).status).toBe(403);
      }
      expect(await writes(db(), world.organisation.id)).toEqual(before);
    });
  });

  it('lets only one of two administrators deactivating each other at once succeed; the other is 409', async () => {
    const world = await createAdminWorld(db(), issuers);
    const second = await world.person({ isAdmin: true, inCohort: false });
    // Both sign in first, so the race is only about the right.
    for (const admin of [world.admin, second])
      expect((await call(admin, { method: 'GET', url: PEOPLE })).status).toBe(200);
    const answers = await Promise.all([
      post(world.admin, second.id, 'deactivate'),
      post(second, world.admin.id, 'deactivate'),
    ]);
    // The loser is refused by the last-administrator rule (409), or, had the winner committed
    // before the loser's request was even authenticated, as a deactivated caller (401).
    const [won, lost] = answers.map((a) => a.status).sort();
    expect(won).toBe(200);
    expect([401, 409]).toContain(lost);
    const active = await db()
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.organisationId, world.organisation.id), eq(users.isAdmin, true), isNull(users.deactivatedAt)),
      );
    expect(active).toHaveLength(1);
  });

  describe('erasing', () => {
    it('removes what names the person and their words, keeps their counted rows, and audits without the values', async () => {
      const person = await mine.person({ role: 'member' });
      // Their first request links their identity.
      expect((await call(person, { method: 'GET', url: '/api/v1/auth/user-flow-status' })).status).toBe(200);
      await db().update(users).set({ externalId: 'ext-1' }).where(eq(users.id, person.id));
      // An earlier change in the console: its audit row names them (their title before and after).
      const titled = await call(mine.admin, {
        method: 'PATCH',
        url: `${PEOPLE}/${person.id}`,
        payload: { job_title: 'Analyst', full_name: 'Pat Erasable' },
      });
      expect(titled.status).toBe(200);
      const [userHabit] = await db()
        .insert(userHabits)
        .values({ userId: person.id, habitId: mine.habits[0]!.id, slot: 1, startedOn: '2026-11-01', targetDays: 60 })
        .returning();
      await db()
        .insert(habitLogs)
        .values([
          { userHabitId: userHabit!.id, logDate: '2026-11-20', logType: 'completed', note: 'Told Sam about it' },
          { userHabitId: userHabit!.id, logDate: '2026-11-21', logType: 'completed' },
        ]);
      await db()
        .insert(endorsements)
        .values({ endorserId: person.id, endorsedId: mine.member.id, endorsedOn: '2026-11-20', message: 'Great work' });
      expect((await db().select().from(identities).where(eq(identities.userId, person.id))).length).toBe(1);

      const erased = await post(mine.admin, person.id, 'erase');
      expect(erased.status).toBe(200);
      expect(erased.body).toMatchObject({
        full_name: 'Former member',
        job_title: null,
        status: 'deactivated',
        erased: true,
      });
      expect(erased.body.email).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);
      const [row] = await db().select().from(users).where(eq(users.id, person.id));
      expect(row).toMatchObject({ externalId: null, erasedAt: NOW, deactivatedAt: NOW });
      const logs = await db().select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabit!.id));
      expect(logs.map((l) => l.note)).toEqual([null, null]);
      const [given] = await db().select().from(endorsements).where(eq(endorsements.endorserId, person.id));
      expect(given!.message).toBe('');
      const [progress] = await db().select().from(userHabits).where(eq(userHabits.id, userHabit!.id));
      expect(progress!.daysCompleted).toBe(2);
      const [linked] = await db().select({ n: count() }).from(identities).where(eq(identities.userId, person.id));
      expect(linked!.n).toBe(0);
      // The token that named them no longer finds anyone.
      expect((await call(person, { method: 'GET', url: '/api/v1/auth/user-flow-status' })).status).toBe(401);

      const [audit] = (await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.erase' })).filter(
        (r) => r.entityId === person.id,
      );
      expect(audit).toMatchObject({ actorUserId: mine.admin.id, entity: 'user' });
      const logged = JSON.stringify([audit!.before, audit!.after]);
      expect(logged).not.toContain(person.email);
      expect(logged).not.toContain('Analyst');
      expect(audit!.after).toMatchObject({
        erased: true,
        notes_removed: 1,
        endorsement_messages_removed: 1,
        audit_rows_redacted: 1,
      });
      // The earlier rows about them keep what changed and who changed it, not who they were.
      const [update] = (
        await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.update' })
      ).filter((r) => r.entityId === person.id);
      expect(update).toMatchObject({ actorUserId: mine.admin.id, before: {}, after: {} });
      expect(JSON.stringify([update!.before, update!.after])).not.toMatch(/Analyst|Pat Erasable/);

      // A second erasure is refused and writes nothing; so are changes and reactivation.
      const before = await writes(db(), mine.organisation.id);
      expect((await post(mine.admin, person.id, 'erase')).status).toBe(409);
      expect((await post(mine.admin, person.id, 'reactivate')).status).toBe(409);
      const patch = await call(mine.admin, {
        method: 'PATCH',
        url: `${PEOPLE}/${person.id}`,
        payload: { full_name: 'Back again' },
      });
      expect(patch.status).toBe(409);
      expect(await writes(db(), mine.organisation.id)).toEqual(before);
    });

    it('refuses to erase the last administrator (409), writing nothing', async () => {
      const world = await createAdminWorld(db(), issuers);
      const before = await writes(db(), world.organisation.id);
      const refused = await post(world.admin, world.admin.id, 'erase');
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/is the last administrator/);
      expect(await writes(db(), world.organisation.id)).toEqual(before);
    });
  });
});
