import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';
import {
  departmentGoals,
  departmentKpis,
  departments,
  emailOutbox,
  organizationalGoals,
  programmes,
} from '../../../db/schema/index.ts';
import type { TestIssuers } from '../../../test/tokens.ts';
import { createWorld, type Member } from '../../../test/world.ts';

export type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

export const goalBody = (title = 'Grow revenue', sequence_order = 0) => ({
  title,
  description: 'A goal everyone can rally behind',
  sequence_order,
});
export const kpiBody = (departmentId: string, goalId: string, title = 'Monthly recurring revenue') => ({
  department_id: departmentId,
  organizational_goal_id: goalId,
  title,
  description: '+5% a quarter',
});

export function caller(app: App) {
  return async (member: Member, call: Call) => {
    const options: InjectOptions = { ...call, headers: member.headers };
    const response = await app.inject(options);
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
}

// A call the fixture needs to succeed; anything else stops the test with the server's answer.
function created(app: App) {
  return async (member: Member, call: Call) => {
    const { status, body } = await caller(app)(member, call);
    if (status !== 201) throw new Error(`${call.method} ${call.url} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };
}

// An organisation with its leader, two team leaders (each managing a team), a member, two goals,
// the first team leader's department (with the first goal) and one KPI in it.
export async function createOrgWithGoals(app: App, db: Db, issuers: TestIssuers) {
  const world = await createWorld(db, issuers);
  const leader = await world.person({ role: 'leader' });
  const teamLeader = await world.person({ role: 'team_leader' });
  const otherTeamLeader = await world.person({ role: 'team_leader' });
  const member = await world.person();
  const team = await world.team({ name: `Sales ${teamLeader.id.slice(0, 6)}`, managerId: teamLeader.id });
  const freeTeam = await world.team({ managerId: teamLeader.id });
  const otherTeam = await world.team({ managerId: otherTeamLeader.id });
  const send = created(app);
  const programmeId = world.programme.id;
  const goal = await send(leader, { method: 'POST', url: goalsUrl(programmeId), payload: goalBody('Grow', 1) });
  const secondGoal = await send(leader, { method: 'POST', url: goalsUrl(programmeId), payload: goalBody('Care', 2) });
  const department = await send(teamLeader, {
    method: 'POST',
    url: '/api/v1/organizational/departments',
    payload: {
      program_id: programmeId,
      description: 'Sales',
      selected_team_id: team.id,
      organizational_goal_ids: [goal.id],
    },
  });
  const kpi = await send(teamLeader, {
    method: 'POST',
    url: '/api/v1/organizational/department-kpis',
    payload: kpiBody(department.id, goal.id),
  });
  return {
    world,
    programmeId,
    leader,
    teamLeader,
    otherTeamLeader,
    member,
    team,
    freeTeam,
    otherTeam,
    goal,
    secondGoal,
    department,
    kpi,
  };
}

export type OrgWithGoals = Awaited<ReturnType<typeof createOrgWithGoals>>;

export const goalsUrl = (programmeId: string) => `/api/v1/organizational/goals?program_id=${programmeId}`;

// Row counts of everything the organizational API writes, to prove a refusal wrote nothing.
export async function organizationalCounts(db: Db) {
  const n = async (table: Parameters<ReturnType<Db['select']>['from']>[0]) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    goals: await n(organizationalGoals),
    departments: await n(departments),
    departmentGoals: await n(departmentGoals),
    kpis: await n(departmentKpis),
    outbox: await n(emailOutbox),
  };
}

export async function setStartsAt(db: Db, programmeId: string, startsAt: Date | null) {
  await db.update(programmes).set({ startsAt }).where(eq(programmes.id, programmeId));
}
