import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { emailOutbox, teamManagers } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createProgramme } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import type { Member } from '../../test/world.ts';
import { caller as consoleCaller } from '../admin/testing/people.ts';
import { scimTokenFor } from '../scim/testing/scim.ts';
import { caller, createOrgWithGoals, goalBody, goalsUrl, type OrgWithGoals } from './testing/goals.ts';

// Rights end at once (docs/domain/leaders-goals-kpis.md#roles): a team leader made a member loses
// their team-manager links in the same transaction, so their very next request finds no department
// to read, no insights and no KPI form, whichever way they were demoted.
describeEachDatabase('A team leader made a member', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let o: OrgWithGoals;
  let admin: Member;
  let send: ReturnType<typeof caller>;
  let manage: ReturnType<typeof consoleCaller>;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    o = await createOrgWithGoals(app, db(), issuers);
    admin = await o.world.person({ isAdmin: true, inCohort: false });
    send = caller(app);
    manage = consoleCaller(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const links = async (userId: string) =>
    (await db().select({ n: count() }).from(teamManagers).where(eq(teamManagers.userId, userId)))[0]!.n;

  // A signed-in team leader with a department of a team they manage and a KPI in it.
  async function teamLeaderWithDepartment() {
    const leader = await o.world.person({ role: 'team_leader' });
    const team = await o.world.team({ managerId: leader.id });
    const department = await send(leader, {
      method: 'POST',
      url: '/api/v1/organizational/departments',
      payload: { program_id: o.programmeId, description: 'x', selected_team_id: team.id, organizational_goal_ids: [] },
    });
    expect(department.status).toBe(201);
    const kpi = await send(leader, {
      method: 'POST',
      url: '/api/v1/organizational/department-kpis',
      payload: { department_id: department.body.id, organizational_goal_id: o.goal.id, title: 'Net promoter score' },
    });
    expect(kpi.status).toBe(201);
    return { leader, team, departmentId: department.body.id as string, kpiId: kpi.body.id as string };
  }

  // What a team leader does with their departments: list them, read their insights (held
  // between requests), record a KPI value.
  async function rights(t: Awaited<ReturnType<typeof teamLeaderWithDepartment>>) {
    const departments = await send(t.leader, {
      method: 'GET',
      url: `/api/v1/organizational/departments?program_id=${o.programmeId}`,
    });
    const insights = await send(t.leader, {
      method: 'GET',
      url: `/api/v1/insights/?period=4w&department_id=${t.departmentId}`,
    });
    const measured = await send(t.leader, {
      method: 'POST',
      url: `/api/v1/organizational/department-kpis/${t.kpiId}/measurements`,
      payload: { value: 1, measured_on: '2026-01-05' },
    });
    const flow = await send(t.leader, { method: 'GET', url: '/api/v1/auth/user-flow-status' });
    return {
      departments: departments.status,
      insights: insights.status,
      measured: measured.status,
      manages: flow.body.manageable_teams?.map((m: { id: string }) => m.id),
    };
  }

  async function expectDemotedAtOnce(t: Awaited<ReturnType<typeof teamLeaderWithDepartment>>, demote: () => unknown) {
    expect(await rights(t)).toEqual({ departments: 200, insights: 200, measured: 201, manages: [t.team.id] });
    expect(await links(t.leader.id)).toBe(1);
    await demote();
    expect(await rights(t)).toEqual({ departments: 403, insights: 403, measured: 403, manages: [] });
    expect(await links(t.leader.id)).toBe(0);
  }

  it('through the console, and made team leader again they manage nothing until given a team', async () => {
    const t = await teamLeaderWithDepartment();
    await expectDemotedAtOnce(t, async () => {
      const changed = await manage(admin, {
        method: 'PATCH',
        url: `/api/v1/admin/people/${t.leader.id}`,
        payload: { role: 'member' },
      });
      expect(changed.status).toBe(200);
    });
    await manage(admin, {
      method: 'PATCH',
      url: `/api/v1/admin/people/${t.leader.id}`,
      payload: { role: 'team_leader' },
    });
    const flow = await send(t.leader, { method: 'GET', url: '/api/v1/auth/user-flow-status' });
    expect(flow.body).toMatchObject({ role: 'team_leader', manageable_teams: [] });
  });

  it('through the people file', async () => {
    const t = await teamLeaderWithDepartment();
    await expectDemotedAtOnce(t, async () => {
      const filed = await manage(admin, {
        method: 'POST',
        url: '/api/v1/admin/people/imports',
        payload: { format: 'csv', source: `email,full_name,role\n${t.leader.email},Demoted,member\n`, dry_run: false },
      });
      expect(filed.status).toBe(200);
    });
  });

  it('through SCIM: a deleted team leader is refused at once and sent no goals-ready e-mail', async () => {
    const t = await teamLeaderWithDepartment();
    const kept = await teamLeaderWithDepartment();
    const scim = await scimTokenFor(app, db(), o.world.organisation.id);
    expect((await scim('DELETE', `/Users/${t.leader.id}`)).statusCode).toBe(204);
    const refused = await send(t.leader, {
      method: 'GET',
      url: `/api/v1/insights/?period=4w&department_id=${t.departmentId}`,
    });
    expect(refused.status).toBe(401);
    // A new programme's first goal tells the organisation's team leaders; not the deleted one.
    const programme = await createProgramme(db(), { organisationId: o.world.organisation.id, name: 'Next' });
    const goal = await send(o.leader, { method: 'POST', url: goalsUrl(programme.id), payload: goalBody('First') });
    expect(goal.status).toBe(201);
    const sent = await db().select().from(emailOutbox);
    const recipients = sent.filter((m) => m.dedupeKey?.startsWith(`goals-ready:${programme.id}:`));
    expect(recipients.map((m) => m.dedupeKey)).toContain(`goals-ready:${programme.id}:${kept.leader.id}`);
    expect(recipients.map((m) => m.dedupeKey)).not.toContain(`goals-ready:${programme.id}:${t.leader.id}`);
  });
});
