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

type Who = 'leader' | 'teamLeader' | 'otherTeamLeader' | 'member' | 'foreignLeader' | 'foreignTeamLeader';
type Row = { name: string; write: boolean; call: (o: OrgWithGoals) => Call; expected: Record<Who, number> };

const base = '/api/v1/organizational';
// Reads of goals: anyone in the organisation. Other organisations: 404, whatever their role.
const readGoals = { leader: 200, teamLeader: 200, otherTeamLeader: 200, member: 200 };
const foreign = { foreignLeader: 404, foreignTeamLeader: 404 };
const leaderOnly = { leader: 0, teamLeader: 403, otherTeamLeader: 403, member: 403, ...foreign };
// 0 = the one caller expected to succeed; it goes last so refusals are checked on unchanged data.
const matrix: Row[] = [
  {
    name: 'GET goals',
    write: false,
    call: (o) => ({ method: 'GET', url: goalsUrl(o.programmeId) }),
    expected: { ...readGoals, ...foreign },
  },
  {
    name: 'GET available goals',
    write: false,
    call: (o) => ({ method: 'GET', url: `${base}/goals/available?program_id=${o.programmeId}` }),
    expected: { ...readGoals, ...foreign },
  },
  {
    name: 'POST goal',
    write: true,
    call: (o) => ({ method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('Delight customers', 3) }),
    expected: { ...leaderOnly, leader: 201 },
  },
  {
    name: 'PUT goal',
    write: true,
    call: (o) => ({ method: 'PUT', url: `${base}/goals/${o.goal.id}`, payload: goalBody('Grow faster', 1) }),
    expected: { ...leaderOnly, leader: 200 },
  },
  {
    name: 'DELETE goal',
    write: true,
    call: (o) => ({ method: 'DELETE', url: `${base}/goals/${o.secondGoal.id}` }),
    expected: { ...leaderOnly, leader: 204 },
  },
  {
    name: 'GET departments',
    write: false,
    call: (o) => ({ method: 'GET', url: `${base}/departments?program_id=${o.programmeId}` }),
    expected: { leader: 200, teamLeader: 200, otherTeamLeader: 200, member: 403, ...foreign },
  },
  {
    name: 'POST department',
    write: true,
    call: (o) => ({
      method: 'POST',
      url: `${base}/departments`,
      payload: {
        program_id: o.programmeId,
        description: 'Field sales',
        selected_team_id: o.freeTeam.id,
        organizational_goal_ids: [o.goal.id, o.secondGoal.id],
      },
    }),
    expected: { leader: 403, teamLeader: 201, otherTeamLeader: 403, member: 403, ...foreign },
  },
  {
    name: 'GET department KPIs',
    write: false,
    call: (o) => ({ method: 'GET', url: `${base}/department-kpis?department_id=${o.department.id}` }),
    expected: { leader: 200, teamLeader: 200, otherTeamLeader: 403, member: 403, ...foreign },
  },
  {
    name: 'POST department KPI',
    write: true,
    call: (o) => ({
      method: 'POST',
      url: `${base}/department-kpis`,
      payload: kpiBody(o.department.id, o.goal.id, 'NPS'),
    }),
    expected: { leader: 403, teamLeader: 201, otherTeamLeader: 403, member: 403, ...foreign },
  },
  {
    name: 'PUT department KPI',
    write: true,
    call: (o) => ({
      method: 'PUT',
      url: `${base}/department-kpis/${o.kpi.id}`,
      payload: kpiBody(o.department.id, o.secondGoal.id, 'Net revenue retention'),
    }),
    expected: { leader: 403, teamLeader: 200, otherTeamLeader: 403, member: 403, ...foreign },
  },
];

describeEachDatabase('organizational API permissions', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let outsiders: OrgWithGoals;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => new Date('2026-05-01T09:00:00Z') });
    outsiders = await createOrgWithGoals(app, getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  for (const row of matrix) {
    it(`${row.name}: ${JSON.stringify(row.expected)}`, async () => {
      const db = getDatabase().db;
      const o = await createOrgWithGoals(app, db, issuers);
      const people: Record<Who, OrgWithGoals['leader']> = {
        leader: o.leader,
        teamLeader: o.teamLeader,
        otherTeamLeader: o.otherTeamLeader,
        member: o.member,
        foreignLeader: outsiders.leader,
        foreignTeamLeader: outsiders.teamLeader,
      };
      const order = (Object.keys(row.expected) as Who[]).sort(
        (a, b) => Number(row.expected[a] < 300) - Number(row.expected[b] < 300),
      );
      for (const who of order) {
        const before = await organizationalCounts(db);
        const { status, body } = await caller(app)(people[who], row.call(o));
        expect(status, `${row.name} as ${who}: ${JSON.stringify(body)}`).toBe(row.expected[who]);
        if (status >= 400) {
          expect(body.detail, `${row.name} as ${who}`).toEqual(expect.any(String));
          expect(body.detail.length).toBeGreaterThan(10);
          if (row.write) expect(await organizationalCounts(db), `${row.name} as ${who} wrote`).toEqual(before);
        }
      }
    });
  }

  it('explains each refusal in a sentence', async () => {
    const o = await createOrgWithGoals(app, getDatabase().db, issuers);
    const send = caller(app);
    const asMember = await send(o.member, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody() });
    expect(asMember.body.detail).toBe(
      "Only your organisation's leader can create, change or delete organisational goals.",
    );
    const unmanaged = await send(o.otherTeamLeader, {
      method: 'POST',
      url: `${base}/departments`,
      payload: { program_id: o.programmeId, selected_team_id: o.freeTeam.id, organizational_goal_ids: [] },
    });
    expect(unmanaged).toMatchObject({
      status: 403,
      body: { detail: 'You can only create a department for a team you manage.' },
    });
    const byLeader = await send(o.leader, {
      method: 'POST',
      url: `${base}/departments`,
      payload: { program_id: o.programmeId, selected_team_id: o.freeTeam.id, organizational_goal_ids: [] },
    });
    expect(byLeader.body.detail).toBe('Only team leaders can create departments.');
    const foreignGoal = await send(o.leader, {
      method: 'PUT',
      url: `${base}/goals/${outsiders.goal.id}`,
      payload: goalBody(),
    });
    expect(foreignGoal).toMatchObject({
      status: 404,
      body: { detail: 'This organisational goal was not found in your organisation.' },
    });
  });
});
