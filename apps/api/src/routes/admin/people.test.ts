import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { cohortMembers, emailOutbox, organisations, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { auditRows, caller, createAdminWorld, PEOPLE, writes, type AdminWorld } from './testing/people.ts';

const NOW = new Date('2026-11-27T10:00:00Z');

describeEachDatabase('admin people: search, invite and change', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let mine: AdminWorld;
  let theirs: AdminWorld;
  let call: ReturnType<typeof caller>;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => NOW,
      config: { publicUrl: 'https://habitrack.example' },
    });
    call = caller(app);
    mine = await createAdminWorld(db(), issuers);
    theirs = await createAdminWorld(db(), issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('listing', () => {
    it('finds people of the own organisation by part of the name or e-mail, whatever the case', async () => {
      const all = await call(mine.admin, { method: 'GET', url: PEOPLE });
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(3);
      expect(all.body.items.map((p: { id: string }) => p.id).sort()).toEqual(
        [mine.admin.id, mine.member.id, mine.teamLeader.id].sort(),
      );
      const part = mine.member.email.slice(0, 5).toUpperCase();
      const found = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?q=${part}` });
      expect(found.body.items.map((p: { id: string }) => p.id)).toEqual([mine.member.id]);
      expect(found.body.items[0]).toMatchObject({
        email: mine.member.email,
        role: 'member',
        is_admin: false,
        cohort: { id: mine.cohort.id },
        team: null,
        status: 'active',
        deactivated_at: null,
        erased: false,
      });
      // LIKE's wildcards are literal.
      const wildcard = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?q=%25` });
      expect(wildcard.body.total).toBe(0);
    });

    it('filters by role, cohort, team and status, and pages with the total', async () => {
      await db().update(users).set({ teamId: mine.team.id }).where(eq(users.id, mine.teamLeader.id));
      const byRole = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?role=team_leader` });
      expect(byRole.body.items.map((p: { id: string }) => p.id)).toEqual([mine.teamLeader.id]);
      const byTeam = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?team_id=${mine.team.id}` });
      expect(byTeam.body.items[0]).toMatchObject({ id: mine.teamLeader.id, team: { id: mine.team.id } });
      const byCohort = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?cohort_id=${mine.cohort.id}` });
      expect(byCohort.body.total).toBe(2);
      const deactivated = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?status=deactivated` });
      expect(deactivated.body).toMatchObject({ total: 0, items: [] });
      const page = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?page=2&page_size=2` });
      expect(page.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
      expect(page.body.items).toHaveLength(1);
      const bad = await call(mine.admin, { method: 'GET', url: `${PEOPLE}?status=gone&page_size=1000` });
      expect(bad.status).toBe(400);
    });

    it("lists the organisation's teams by name, and only its own", async () => {
      const teams = await call(mine.admin, { method: 'GET', url: '/api/v1/admin/teams' });
      expect(teams.status).toBe(200);
      expect(teams.body).toEqual([{ id: mine.team.id, name: mine.team.name, type: 'team' }]);
      expect((await call(mine.member, { method: 'GET', url: '/api/v1/admin/teams' })).status).toBe(403);
    });

    it('answers 403 to anyone but an administrator, and 404 for another organisation’s person', async () => {
      expect((await call(mine.member, { method: 'GET', url: PEOPLE })).status).toBe(403);
      expect((await call(mine.teamLeader, { method: 'GET', url: `${PEOPLE}/${mine.member.id}` })).status).toBe(403);
      const own = await call(mine.admin, { method: 'GET', url: `${PEOPLE}/${mine.member.id}` });
      expect(own).toMatchObject({ status: 200, body: { id: mine.member.id } });
      const foreign = await call(mine.admin, { method: 'GET', url: `${PEOPLE}/${theirs.member.id}` });
      expect(foreign.status).toBe(404);
      expect(foreign.body.detail).toMatch(/not found in your organisation/);
      expect((await call(mine.admin, { method: 'GET', url: `${PEOPLE}/not-an-id` })).status).toBe(400);
    });
  });

  describe('inviting', () => {
    const invite = (overrides: object = {}) => ({
      email: `New.Person-${randomUUID().slice(0, 6)}@${mine.domain}`,
      full_name: 'New Person',
      role: 'member',
      job_title: 'Analyst',
      ...overrides,
    });

    it('creates the person in the team and cohort, queues the invitation and audits it', async () => {
      const body = invite({ team_id: mine.team.id, cohort_id: mine.otherCohort.id });
      const created = await call(mine.admin, { method: 'POST', url: PEOPLE, payload: body });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        email: body.email.toLowerCase(),
        full_name: 'New Person',
        job_title: 'Analyst',
        role: 'member',
        is_admin: false,
        team: { id: mine.team.id, name: mine.team.name },
        cohort: { id: mine.otherCohort.id },
        status: 'active',
      });
      const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email.toLowerCase()));
      expect(mail!.subject).toMatch(/invited/);
      expect(mail!.textBody).toContain('https://habitrack.example/');
      const [row] = (await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.invite' })).filter(
        (r) => r.entityId === created.body.id,
      );
      expect(row).toMatchObject({ actorUserId: mine.admin.id, entity: 'user', before: null });
      expect(row!.after).toMatchObject({ email: body.email.toLowerCase(), cohort_id: mine.otherCohort.id });
    });

    it("writes the invitation in the organisation's default language, not the administrator's", async () => {
      await db()
        .update(organisations)
        .set({ defaultLocale: 'nl-NL' })
        .where(eq(organisations.id, mine.organisation.id));
      await db().update(users).set({ locale: 'ja-JP' }).where(eq(users.id, mine.admin.id));
      try {
        const body = invite();
        expect((await call(mine.admin, { method: 'POST', url: PEOPLE, payload: body })).status).toBe(201);
        const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email.toLowerCase()));
        expect(mail!.subject).toBe('Je bent uitgenodigd voor HabiTrack');
        expect(mail!.textBody).toContain('Hallo New Person,');
        expect(mail!.htmlBody).toContain('<html lang="nl-NL" dir="ltr">');
      } finally {
        await db()
          .update(organisations)
          .set({ defaultLocale: 'en-GB' })
          .where(eq(organisations.id, mine.organisation.id));
        await db().update(users).set({ locale: null }).where(eq(users.id, mine.admin.id));
      }
    });

    it('refuses a used e-mail (409), another organisation’s team or cohort (404) and bad input (400), writing nothing', async () => {
      const before = await writes(db(), mine.organisation.id);
      const cases: [object, number, RegExp][] = [
        [invite({ email: mine.member.email.toUpperCase() }), 409, /already in use/],
        [invite({ email: theirs.member.email }), 409, /already in use/],
        [invite({ team_id: theirs.team.id }), 404, /team was not found/],
        [invite({ cohort_id: theirs.cohort.id }), 404, /cohort was not found/],
        [invite({ email: 'not an address' }), 400, /email/],
        [invite({ role: 'owner' }), 400, /role/],
        [invite({ full_name: '  ' }), 400, /full_name/],
        [invite({ organisation_id: theirs.organisation.id }), 400, /organisation_id/],
      ];
      for (const [payload, status, detail] of cases) {
        const refused = await call(mine.admin, { method: 'POST', url: PEOPLE, payload });
        expect(refused.status, JSON.stringify(payload)).toBe(status);
        expect(refused.body.detail).toMatch(detail);
      }
      expect(await writes(db(), mine.organisation.id)).toEqual(before);
    });
  });

  describe('changing', () => {
    it('changes role, team, cohort and the right, auditing only what changed', async () => {
      const person = await mine.person();
      const url = `${PEOPLE}/${person.id}`;
      const changed = await call(mine.admin, {
        method: 'PATCH',
        url,
        payload: { role: 'team_leader', team_id: mine.team.id, cohort_id: mine.otherCohort.id, is_admin: true },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        role: 'team_leader',
        team: { id: mine.team.id },
        cohort: { id: mine.otherCohort.id },
        is_admin: true,
      });
      const [row] = (await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.update' })).filter(
        (r) => r.entityId === person.id,
      );
      expect(row).toMatchObject({ actorUserId: mine.admin.id, entity: 'user' });
      expect(row!.before).toEqual({ role: 'member', is_admin: false, team_id: null, cohort_id: mine.cohort.id });
      expect(row!.after).toEqual({
        role: 'team_leader',
        is_admin: true,
        team_id: mine.team.id,
        cohort_id: mine.otherCohort.id,
      });
      // null takes them out of their cohort and team.
      const out = await call(mine.admin, { method: 'PATCH', url, payload: { cohort_id: null, team_id: null } });
      expect(out.body).toMatchObject({ cohort: null, team: null });
      expect(await db().select().from(cohortMembers).where(eq(cohortMembers.userId, person.id))).toEqual([]);
      // The same values again change nothing and write no audit row.
      const audits = await writes(db(), mine.organisation.id);
      const same = await call(mine.admin, { method: 'PATCH', url, payload: { cohort_id: null, role: 'team_leader' } });
      expect(same.status).toBe(200);
      expect((await writes(db(), mine.organisation.id)).audit).toBe(audits.audit);
    });

    it('refuses bad input (400) and another organisation’s ids (404), writing nothing', async () => {
      const before = await writes(db(), mine.organisation.id);
      const cases: [string, object, number][] = [
        [mine.member.id, {}, 400],
        [mine.member.id, { role: 'owner' }, 400],
        [mine.member.id, { email: 'x@y.example' }, 400],
        [mine.member.id, { full_name: '' }, 400],
        [mine.member.id, { cohort_id: theirs.cohort.id }, 404],
        [mine.member.id, { team_id: theirs.team.id }, 404],
        [theirs.member.id, { role: 'leader' }, 404],
        [randomUUID(), { role: 'leader' }, 404],
      ];
      for (const [id, payload, status] of cases) {
        const refused = await call(mine.admin, { method: 'PATCH', url: `${PEOPLE}/${id}`, payload });
        expect(refused.status, JSON.stringify(payload)).toBe(status);
      }
      expect(await writes(db(), mine.organisation.id)).toEqual(before);
    });

    it('keeps the last administrator: taking their right answers 409 and writes nothing', async () => {
      const world = await createAdminWorld(db(), issuers);
      const before = await writes(db(), world.organisation.id);
      const refused = await call(world.admin, {
        method: 'PATCH',
        url: `${PEOPLE}/${world.admin.id}`,
        payload: { is_admin: false, job_title: 'Gone' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/is the last administrator of your organisation/);
      expect(await writes(db(), world.organisation.id)).toEqual(before);
      // With a second administrator, the first may give the right away.
      const second = await call(world.admin, {
        method: 'PATCH',
        url: `${PEOPLE}/${world.member.id}`,
        payload: { is_admin: true },
      });
      expect(second.status).toBe(200);
      const given = await call(world.admin, {
        method: 'PATCH',
        url: `${PEOPLE}/${world.admin.id}`,
        payload: { is_admin: false },
      });
      expect(given.status).toBe(200);
      // ...and is no administrator from the next request on.
      expect((await call(world.admin, { method: 'GET', url: PEOPLE })).status).toBe(403);
    });
  });
});
