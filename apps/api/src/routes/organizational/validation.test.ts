import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import {
  caller,
  createOrgWithGoals,
  goalBody,
  goalsUrl,
  kpiBody,
  organizationalCounts,
  type Call,
  type OrgWithGoals,
} from './testing/goals.ts';

const base = '/api/v1/organizational';

describeEachDatabase('organizational API input', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let o: OrgWithGoals;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => new Date('2026-05-01T09:00:00Z') });
    o = await createOrgWithGoals(app, getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses bad goals with 400, naming the field, and writes nothing', async () => {
    const db = getDatabase().db;
    const post = (payload: object, url = goalsUrl(o.programmeId)): Call => ({ method: 'POST', url, payload });
    const put = (payload: object): Call => ({ method: 'PUT', url: `${base}/goals/${o.goal.id}`, payload });
    const cases: [Call, RegExp][] = [
      [post({ ...goalBody(), title: '   ' }), /body\.title must not be empty/],
      [post({ ...goalBody(), title: 'x'.repeat(201) }), /body\.title must be at most 200 characters/],
      [post({ ...goalBody(), title: 42 }), /body\.title/],
      [post({ description: 'no title', sequence_order: 1 }), /body\.title/],
      [post({ ...goalBody(), description: 'x'.repeat(2001) }), /body\.description must be at most 2000/],
      [post({ ...goalBody(), sequence_order: -1 }), /body\.sequence_order must be 0 or more/],
      [post({ ...goalBody(), sequence_order: 1.5 }), /body\.sequence_order must be a whole number/],
      [post({ ...goalBody(), sequence_order: '1' }), /body\.sequence_order/],
      [post({ ...goalBody(), sequence_order: 10_001 }), /body\.sequence_order/],
      [post({ ...goalBody(), owner: 'me' }), /Unrecognized key/i],
      [post(goalBody(), `${base}/goals`), /querystring\.program_id/],
      [post(goalBody(), `${base}/goals?program_id=42`), /querystring\.program_id must be a programme id/],
      [{ method: 'GET', url: `${base}/goals?program_id=nope` }, /program_id/],
      [put({ ...goalBody(), title: '' }), /body\.title/],
      [{ method: 'PUT', url: `${base}/goals/not-a-uuid`, payload: goalBody() }, /params\.id must be a goal id/],
      [{ method: 'DELETE', url: `${base}/goals/123` }, /params\.id/],
    ];
    const before = await organizationalCounts(db);
    for (const [call, detail] of cases) {
      const { status, body } = await caller(app)(o.leader, call);
      expect(status, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(400);
      expect(body.detail).toMatch(detail);
      expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: expect.any(String) })]));
    }
    expect(await organizationalCounts(db)).toEqual(before);
  });

  it('refuses bad departments and KPIs with 400 and writes nothing', async () => {
    const db = getDatabase().db;
    const department = (payload: object): Call => ({
      method: 'POST',
      url: `${base}/departments`,
      payload: { program_id: o.programmeId, selected_team_id: o.freeTeam.id, organizational_goal_ids: [], ...payload },
    });
    const kpi = (payload: object): Call => ({
      method: 'POST',
      url: `${base}/department-kpis`,
      payload: { ...kpiBody(o.department.id, o.goal.id), ...payload },
    });
    const cases: [Call, RegExp][] = [
      [
        department({ organizational_goal_ids: [o.goal.id, o.goal.id] }),
        /organizational_goal_ids must not list a goal twice/,
      ],
      [department({ organizational_goal_ids: ['x'] }), /organizational_goal_ids\.0 must be a goal id/],
      [department({ organizational_goal_ids: o.goal.id }), /organizational_goal_ids/],
      [department({ selected_team_id: 'team-1' }), /selected_team_id must be a team id/],
      [department({ program_id: undefined }), /program_id/],
      [department({ description: 'x'.repeat(2001) }), /description must be at most 2000/],
      [department({ name: 'Sales' }), /Unrecognized key/i],
      [{ method: 'GET', url: `${base}/department-kpis` }, /department_id/],
      [kpi({ title: ' ' }), /body\.title must not be empty/],
      [kpi({ title: 'x'.repeat(201) }), /body\.title/],
      [kpi({ organizational_goal_id: null }), /organizational_goal_id/],
      [kpi({ department_id: '1' }), /department_id must be a department id/],
      [kpi({ target: 5 }), /Unrecognized key/i],
      [{ method: 'PUT', url: `${base}/department-kpis/1`, payload: kpiBody(o.department.id, o.goal.id) }, /params\.id/],
      [
        { method: 'PUT', url: `${base}/department-kpis/${o.kpi.id}`, payload: kpiBody(o.otherTeam.id, o.goal.id) },
        /A KPI cannot move to another department/,
      ],
    ];
    const before = await organizationalCounts(db);
    for (const [call, detail] of cases) {
      const { status, body } = await caller(app)(o.teamLeader, call);
      expect(status, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(400);
      expect(body.detail).toMatch(detail);
    }
    expect(await organizationalCounts(db)).toEqual(before);
  });

  it('trims text and stores a blank description as null', async () => {
    const { status, body } = await caller(app)(o.leader, {
      method: 'POST',
      url: goalsUrl(o.programmeId),
      payload: { title: '  Serve customers  ', description: '   ', sequence_order: 7 },
    });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(String), title: 'Serve customers', description: null, sequence_order: 7 });
    const kpi = await caller(app)(o.teamLeader, {
      method: 'POST',
      url: `${base}/department-kpis`,
      payload: {
        department_id: o.department.id,
        organizational_goal_id: o.goal.id,
        title: '\tNPS ',
        description: null,
      },
    });
    expect(kpi.body).toMatchObject({ title: 'NPS', description: null });
    const noDescription = await caller(app)(o.teamLeader, {
      method: 'POST',
      url: `${base}/department-kpis`,
      payload: { department_id: o.department.id, organizational_goal_id: o.goal.id, title: 'Churn' },
    });
    expect(noDescription).toMatchObject({ status: 201, body: { description: null } });
  });
});
