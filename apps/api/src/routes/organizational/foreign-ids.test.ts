import { randomUUID } from 'node:crypto';
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

describeEachDatabase('organizational API with ids of another organisation', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let mine: OrgWithGoals;
  let theirs: OrgWithGoals;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => new Date('2026-05-01T09:00:00Z') });
    mine = await createOrgWithGoals(app, getDatabase().db, issuers);
    theirs = await createOrgWithGoals(app, getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  const department = (programmeId: string, teamId: string, goalIds: string[]) => ({
    method: 'POST' as const,
    url: `${base}/departments`,
    payload: { program_id: programmeId, selected_team_id: teamId, organizational_goal_ids: goalIds },
  });

  it('answers 404 for their programme, goal, team, department and KPI, even to the right role', async () => {
    const db = getDatabase().db;
    const unknown = randomUUID();
    const cases: [keyof OrgWithGoals & ('leader' | 'teamLeader' | 'member'), Call, RegExp][] = [
      ['member', { method: 'GET', url: goalsUrl(theirs.programmeId) }, /programme was not found/],
      ['teamLeader', { method: 'GET', url: `${base}/goals/available?program_id=${theirs.programmeId}` }, /programme/],
      ['leader', { method: 'POST', url: goalsUrl(theirs.programmeId), payload: goalBody() }, /programme/],
      ['leader', { method: 'POST', url: goalsUrl(unknown), payload: goalBody() }, /programme/],
      ['leader', { method: 'PUT', url: `${base}/goals/${theirs.goal.id}`, payload: goalBody() }, /goal was not found/],
      ['leader', { method: 'DELETE', url: `${base}/goals/${theirs.goal.id}` }, /goal was not found/],
      ['leader', { method: 'DELETE', url: `${base}/goals/${unknown}` }, /goal was not found/],
      ['leader', { method: 'GET', url: `${base}/departments?program_id=${theirs.programmeId}` }, /programme/],
      ['teamLeader', department(theirs.programmeId, mine.freeTeam.id, []), /programme/],
      ['teamLeader', department(mine.programmeId, theirs.freeTeam.id, []), /team was not found/],
      ['teamLeader', department(mine.programmeId, unknown, []), /team was not found/],
      ['teamLeader', department(mine.programmeId, mine.freeTeam.id, [theirs.goal.id]), /not a goal of this programme/],
      ['leader', { method: 'GET', url: `${base}/department-kpis?department_id=${theirs.department.id}` }, /department/],
      [
        'teamLeader',
        { method: 'POST', url: `${base}/department-kpis`, payload: kpiBody(theirs.department.id, theirs.goal.id) },
        /department was not found/,
      ],
      [
        'teamLeader',
        { method: 'POST', url: `${base}/department-kpis`, payload: kpiBody(mine.department.id, theirs.goal.id) },
        /not a goal of this programme/,
      ],
      [
        'teamLeader',
        {
          method: 'PUT',
          url: `${base}/department-kpis/${theirs.kpi.id}`,
          payload: kpiBody(theirs.department.id, theirs.goal.id),
        },
        /KPI was not found/,
      ],
      [
        'teamLeader',
        {
          method: 'PUT',
          url: `${base}/department-kpis/${mine.kpi.id}`,
          payload: kpiBody(mine.department.id, theirs.goal.id),
        },
        /not a goal of this programme/,
      ],
    ];
    const before = await organizationalCounts(db);
    for (const [who, call, detail] of cases) {
      const { status, body } = await caller(app)(mine[who], call);
      expect(status, `${call.method} ${call.url} ${JSON.stringify(body)}`).toBe(404);
      expect(body.detail).toMatch(detail);
    }
    expect(await organizationalCounts(db)).toEqual(before);
  });

  it("does not reveal another organisation's team or goal by a different answer than a made-up id", async () => {
    const real = await caller(app)(mine.teamLeader, department(mine.programmeId, theirs.freeTeam.id, []));
    const madeUp = await caller(app)(mine.teamLeader, department(mine.programmeId, randomUUID(), []));
    expect(real).toEqual(madeUp);
    const realGoal = await caller(app)(mine.leader, { method: 'DELETE', url: `${base}/goals/${theirs.goal.id}` });
    const madeUpGoal = await caller(app)(mine.leader, { method: 'DELETE', url: `${base}/goals/${randomUUID()}` });
    expect(realGoal).toEqual(madeUpGoal);
  });
});
