import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { departmentKpis, teamManagers } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { caller, createOrgWithGoals, goalBody, goalsUrl, kpiBody, organizationalCounts } from './testing/goals.ts';

const base = '/api/v1/organizational';

describeEachDatabase('organizational goals, departments and KPIs', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => new Date('2026-05-01T09:00:00Z') });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists goals by sequence_order, the same for the available list, and updates and deletes them', async () => {
    const o = await createOrgWithGoals(app, getDatabase().db, issuers);
    const send = caller(app);
    const first = await send(o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('First', 0) });
    const titles = async (url: string) =>
      (await send(o.member, { method: 'GET', url })).body.map((g: { title: string }) => g.title);
    expect(await titles(goalsUrl(o.programmeId))).toEqual(['First', 'Grow', 'Care']);
    expect(await titles(`${base}/goals/available?program_id=${o.programmeId}`)).toEqual(['First', 'Grow', 'Care']);

    const moved = await send(o.leader, {
      method: 'PUT',
      url: `${base}/goals/${first.body.id}`,
      payload: { title: 'Last', description: '', sequence_order: 9 },
    });
    expect(moved).toEqual({
      status: 200,
      body: { id: first.body.id, title: 'Last', description: null, sequence_order: 9 },
    });
    expect(await titles(goalsUrl(o.programmeId))).toEqual(['Grow', 'Care', 'Last']);

    expect((await send(o.leader, { method: 'DELETE', url: `${base}/goals/${first.body.id}` })).status).toBe(204);
    expect(await titles(goalsUrl(o.programmeId))).toEqual(['Grow', 'Care']);
    expect((await send(o.leader, { method: 'DELETE', url: `${base}/goals/${first.body.id}` })).status).toBe(404);
  });

  it("deleting a goal removes departments' links to it and their KPIs for it", async () => {
    const db = getDatabase().db;
    const o = await createOrgWithGoals(app, db, issuers);
    const send = caller(app);
    expect((await send(o.leader, { method: 'DELETE', url: `${base}/goals/${o.goal.id}` })).status).toBe(204);
    const departments = await send(o.teamLeader, {
      method: 'GET',
      url: `${base}/departments?program_id=${o.programmeId}`,
    });
    expect(departments.body[0].organizational_goal_ids).toEqual([]);
    expect(await db.select().from(departmentKpis).where(eq(departmentKpis.id, o.kpi.id))).toEqual([]);
  });

  it('creates a department named after the team, with its goals in goal order, seen by its team leader and the leader', async () => {
    const o = await createOrgWithGoals(app, getDatabase().db, issuers);
    const send = caller(app);
    const created = await send(o.teamLeader, {
      method: 'POST',
      url: `${base}/departments`,
      payload: {
        program_id: o.programmeId,
        description: '  Field sales  ',
        selected_team_id: o.freeTeam.id,
        organizational_goal_ids: [o.secondGoal.id, o.goal.id],
      },
    });
    expect(created).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        name: o.freeTeam.name,
        description: 'Field sales',
        team_id: o.freeTeam.id,
        organizational_goal_ids: [o.goal.id, o.secondGoal.id],
      },
    });
    const other = await send(o.otherTeamLeader, {
      method: 'POST',
      url: `${base}/departments`,
      payload: { program_id: o.programmeId, selected_team_id: o.otherTeam.id, organizational_goal_ids: [] },
    });
    expect(other.status).toBe(201);
    const list = (who: typeof o.leader) =>
      send(who, { method: 'GET', url: `${base}/departments?program_id=${o.programmeId}` });
    const ids = async (who: typeof o.leader) => (await list(who)).body.map((d: { id: string }) => d.id).sort();
    expect(await ids(o.teamLeader)).toEqual([o.department.id, created.body.id].sort());
    expect(await ids(o.otherTeamLeader)).toEqual([other.body.id]);
    expect(await ids(o.leader)).toEqual([o.department.id, created.body.id, other.body.id].sort());
  });

  it('refuses a second department for the same team with 409, also when requests race', async () => {
    const db = getDatabase().db;
    const o = await createOrgWithGoals(app, db, issuers);
    const post = () =>
      caller(app)(o.teamLeader, {
        method: 'POST',
        url: `${base}/departments`,
        payload: { program_id: o.programmeId, selected_team_id: o.team.id, organizational_goal_ids: [o.secondGoal.id] },
      });
    const before = await organizationalCounts(db);
    const again = await post();
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(
      `${o.team.name} already has a department in this programme: add KPIs to that department instead.`,
    );
    expect(await organizationalCounts(db)).toEqual(before);

    const fresh = await createOrgWithGoals(app, db, issuers);
    const race = await Promise.all(
      Array.from({ length: 6 }, () =>
        caller(app)(fresh.teamLeader, {
          method: 'POST',
          url: `${base}/departments`,
          payload: { program_id: fresh.programmeId, selected_team_id: fresh.freeTeam.id, organizational_goal_ids: [] },
        }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('attaches a goal to the department when its first KPI is created, and lists KPIs in goal order', async () => {
    const o = await createOrgWithGoals(app, getDatabase().db, issuers);
    const send = caller(app);
    const kpi = await send(o.teamLeader, {
      method: 'POST',
      url: `${base}/department-kpis`,
      payload: kpiBody(o.department.id, o.secondGoal.id, 'Engagement score'),
    });
    expect(kpi).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        organizational_goal_id: o.secondGoal.id,
        department_id: o.department.id,
        title: 'Engagement score',
        description: '+5% a quarter',
      },
    });
    const departments = await send(o.teamLeader, {
      method: 'GET',
      url: `${base}/departments?program_id=${o.programmeId}`,
    });
    expect(departments.body[0].organizational_goal_ids).toEqual([o.goal.id, o.secondGoal.id]);
    await send(o.leader, { method: 'PUT', url: `${base}/goals/${o.secondGoal.id}`, payload: goalBody('Care', 0) });
    const kpis = await send(o.leader, {
      method: 'GET',
      url: `${base}/department-kpis?department_id=${o.department.id}`,
    });
    expect(kpis.body.map((k: { id: string }) => k.id)).toEqual([kpi.body.id, o.kpi.id]);
  });

  it('updates a KPI, including moving it to another goal of the programme', async () => {
    const o = await createOrgWithGoals(app, getDatabase().db, issuers);
    const updated = await caller(app)(o.teamLeader, {
      method: 'PUT',
      url: `${base}/department-kpis/${o.kpi.id}`,
      payload: { ...kpiBody(o.department.id, o.secondGoal.id, ' Retention '), description: '' },
    });
    expect(updated).toEqual({
      status: 200,
      body: {
        id: o.kpi.id,
        organizational_goal_id: o.secondGoal.id,
        department_id: o.department.id,
        title: 'Retention',
        description: null,
      },
    });
  });

  it("lets a co-manager of the department's team work on its KPIs", async () => {
    const db = getDatabase().db;
    const o = await createOrgWithGoals(app, db, issuers);
    await db.insert(teamManagers).values({ teamId: o.team.id, userId: o.otherTeamLeader.id });
    const send = caller(app);
    const kpi = await send(o.otherTeamLeader, {
      method: 'POST',
      url: `${base}/department-kpis`,
      payload: kpiBody(o.department.id, o.goal.id, 'Pipeline'),
    });
    expect(kpi.status).toBe(201);
    const list = await send(o.otherTeamLeader, {
      method: 'GET',
      url: `${base}/department-kpis?department_id=${o.department.id}`,
    });
    expect(list.body).toHaveLength(2);
  });

  it('describes every organizational endpoint in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      Object.keys(document.paths)
        .filter((p) => p.startsWith('/api/v1/organizational'))
        .sort(),
    ).toEqual([
      '/api/v1/organizational/department-kpis/',
      '/api/v1/organizational/department-kpis/{id}',
      '/api/v1/organizational/department-kpis/{id}/measurements',
      '/api/v1/organizational/department-kpis/{id}/measurements/{measurementId}',
      '/api/v1/organizational/department-kpis/{id}/target',
      '/api/v1/organizational/departments/',
      '/api/v1/organizational/goals/',
      '/api/v1/organizational/goals/available',
      '/api/v1/organizational/goals/{id}',
    ]);
  });
});
