import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog, departmentKpis, departments, kpiMeasurements, teams, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import type { Member } from '../../test/world.ts';
import { caller as consoleCaller } from '../admin/testing/people.ts';
import { caller, createOrgWithGoals, type OrgWithGoals } from '../organizational/testing/goals.ts';
import { ENTERPRISE, PATCH_OP, scimTokenFor, USER_SCHEMA } from './testing/scim.ts';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ARCHIVED = /is archived: its group was deleted in your directory/;

// A group leaving the directory's scope destroys nothing (docs/domain/scim.md#groups-are-teams):
// its team is archived with its members, departments, KPIs and measurements, and comes back
// whole when the group is provisioned again.
describeEachDatabase('SCIM: a deleted group archives its team', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let o: OrgWithGoals;
  let admin: Member;
  let scim: Awaited<ReturnType<typeof scimTokenFor>>;
  let send: ReturnType<typeof caller>;
  let manage: ReturnType<typeof consoleCaller>;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    o = await createOrgWithGoals(app, db(), issuers);
    admin = await o.world.person({ isAdmin: true, inCohort: false });
    scim = await scimTokenFor(app, db(), o.world.organisation.id);
    send = caller(app);
    manage = consoleCaller(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  // What the team's programme history is made of.
  async function historyOf(teamId: string) {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    return {
      departments: await n(db().select({ n: count() }).from(departments).where(eq(departments.teamId, teamId))),
      kpis: await n(
        db()
          .select({ n: count() })
          .from(departmentKpis)
          .innerJoin(departments, eq(departments.id, departmentKpis.departmentId))
          .where(eq(departments.teamId, teamId)),
      ),
      measurements: await n(
        db()
          .select({ n: count() })
          .from(kpiMeasurements)
          .innerJoin(departmentKpis, eq(departmentKpis.id, kpiMeasurements.kpiId))
          .innerJoin(departments, eq(departments.id, departmentKpis.departmentId))
          .where(eq(departments.teamId, teamId)),
      ),
    };
  }
  const teamOf = async (userId: string) => (await db().select().from(users).where(eq(users.id, userId)))[0]!.teamId;
  const managedTeams = async (member: Member) =>
    (await send(member, { method: 'GET', url: '/api/v1/auth/user-flow-status' })).body.manageable_teams.map(
      (t: { id: string }) => t.id,
    );
  const departmentInsights = async () => {
    const insights = await send(o.leader, { method: 'GET', url: '/api/v1/insights/?period=12w' });
    expect(insights.status).toBe(200);
    type Line = { id: string; departments: { id: string; kpis: { measurements: unknown[] }[] }[] };
    const goal = (insights.body.goals as Line[]).find((g) => g.id === o.goal.id);
    return {
      breakdown: insights.body.departments.find((d: { id: string }) => d.id === o.department.id),
      goalLine: goal?.departments.find((d) => d.id === o.department.id),
    };
  };

  it('keeps the departments, KPIs, measurements and members, and counts them in insights', async () => {
    const named = await scim('PATCH', `/Groups/${o.team.id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: o.teamLeader.id }, { value: o.member.id }] },
        { op: 'replace', path: 'externalId', value: 'entra-sales' },
      ],
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ externalId: 'entra-sales', members: [{}, {}] });
    for (const [value, measured_on] of [
      [10, '2026-01-05'],
      [12, '2026-02-02'],
    ] as const) {
      const measured = await send(o.teamLeader, {
        method: 'POST',
        url: `/api/v1/organizational/department-kpis/${o.kpi.id}/measurements`,
        payload: { value, measured_on },
      });
      expect(measured.status).toBe(201);
    }
    const before = await historyOf(o.team.id);
    expect(before).toEqual({ departments: 1, kpis: 1, measurements: 2 });
    const insightsBefore = await departmentInsights();
    expect(insightsBefore.breakdown).toBeDefined();
    expect(insightsBefore.goalLine?.kpis[0]?.measurements).toHaveLength(2);

    expect((await scim('DELETE', `/Groups/${o.team.id}`)).statusCode).toBe(204);

    expect(await historyOf(o.team.id)).toEqual(before);
    expect(await teamOf(o.teamLeader.id)).toBe(o.team.id);
    expect(await teamOf(o.member.id)).toBe(o.team.id);
    const [row] = await db().select().from(teams).where(eq(teams.id, o.team.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect(await departmentInsights()).toEqual(insightsBefore);
    // Gone to the directory: read, changed, deleted or listed, it is not there.
    expect((await scim('GET', `/Groups/${o.team.id}`)).statusCode).toBe(404);
    expect((await scim('PATCH', `/Groups/${o.team.id}`, { schemas: [PATCH_OP], Operations: [] })).statusCode).toBe(404);
    expect((await scim('DELETE', `/Groups/${o.team.id}`)).statusCode).toBe(404);
    const listed = await scim('GET', `/Groups?filter=${encodeURIComponent(`displayName eq "${o.team.name}"`)}`);
    expect(listed.json().totalResults).toBe(0);
    // The team leader still reads the department they manage.
    const readable = await send(o.teamLeader, {
      method: 'GET',
      url: `/api/v1/organizational/departments?program_id=${o.programmeId}`,
    });
    expect(readable.body.map((d: { id: string }) => d.id)).toContain(o.department.id);

    // People already in it may stay in it: saving their team unchanged is no move.
    const stays = await manage(admin, {
      method: 'PATCH',
      url: `/api/v1/admin/people/${o.member.id}`,
      payload: { team_id: o.team.id, job_title: 'Account manager' },
    });
    expect(stays.status).toBe(200);

    // Provisioned again by its externalId, under a new name: the same team, its history whole.
    const restored = await scim('POST', '/Groups', {
      schemas: [GROUP],
      externalId: 'entra-sales',
      displayName: 'Sales and Success',
      members: [{ value: o.teamLeader.id }],
    });
    expect(restored.statusCode).toBe(201);
    expect(restored.json()).toMatchObject({
      id: o.team.id,
      displayName: 'Sales and Success',
      externalId: 'entra-sales',
    });
    expect(await historyOf(o.team.id)).toEqual(before);
    expect((await scim('GET', `/Groups/${o.team.id}`)).statusCode).toBe(200);
    const [after] = await db().select().from(teams).where(eq(teams.id, o.team.id));
    expect(after).toMatchObject({ name: 'Sales and Success', archivedAt: null });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, o.team.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['scim.group.delete', 'scim.group.restore']));
  });

  it('offers an archived team for no new department or move, until its group is provisioned again', async () => {
    const team = o.freeTeam;
    expect(await managedTeams(o.teamLeader)).toContain(team.id);
    expect((await scim('DELETE', `/Groups/${team.id}`)).statusCode).toBe(204);

    expect(await managedTeams(o.teamLeader)).not.toContain(team.id);
    const department = {
      method: 'POST' as const,
      url: '/api/v1/organizational/departments',
      payload: { program_id: o.programmeId, description: 'x', selected_team_id: team.id, organizational_goal_ids: [] },
    };
    const refused = await send(o.teamLeader, department);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(ARCHIVED);
    expect((await historyOf(team.id)).departments).toBe(0);

    const offered = await manage(admin, { method: 'GET', url: '/api/v1/admin/teams' });
    expect(offered.body.map((t: { id: string }) => t.id)).not.toContain(team.id);
    const moved = await manage(admin, {
      method: 'PATCH',
      url: `/api/v1/admin/people/${o.otherTeamLeader.id}`,
      payload: { team_id: team.id },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.detail).toMatch(ARCHIVED);
    const filed = await manage(admin, {
      method: 'POST',
      url: '/api/v1/admin/people/imports',
      payload: {
        format: 'csv',
        source: `email,full_name,team\n${o.otherTeamLeader.email},Other Leader,${team.name}\n`,
        dry_run: false,
      },
    });
    expect(filed.status).toBe(400);
    expect(filed.body.problems[0].message).toMatch(/is archived/);
    const provisioned = await scim('POST', '/Users', {
      schemas: [USER_SCHEMA, ENTERPRISE],
      userName: `new.${o.teamLeader.id.slice(0, 6)}@${o.world.domain}`,
      name: { givenName: 'New', familyName: 'Person' },
      [ENTERPRISE]: { department: team.name },
    });
    expect(provisioned.statusCode).toBe(400);
    expect(provisioned.json()).toMatchObject({ scimType: 'invalidValue' });
    expect(await teamOf(o.otherTeamLeader.id)).toBeNull();

    // The same displayName restores it, with the same id.
    const restored = await scim('POST', '/Groups', { schemas: [GROUP], displayName: team.name.toUpperCase() });
    expect(restored.statusCode).toBe(201);
    expect(restored.json().id).toBe(team.id);
    expect(await managedTeams(o.teamLeader)).toContain(team.id);
    expect((await send(o.teamLeader, department)).status).toBe(201);
  });

  it('refuses to delete a goal whose KPIs have measurements, and still deletes one without', async () => {
    const before = await historyOf(o.team.id);
    const refused = await send(o.leader, { method: 'DELETE', url: `/api/v1/organizational/goals/${o.goal.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/recorded KPI values/);
    expect(await historyOf(o.team.id)).toEqual(before);
    const deleted = await send(o.leader, { method: 'DELETE', url: `/api/v1/organizational/goals/${o.secondGoal.id}` });
    expect(deleted.status).toBe(204);
    // Even by hand, the database deletes no team with departments and no KPI with measurements.
    await expect(db().delete(teams).where(eq(teams.id, o.team.id))).rejects.toThrow();
    await expect(db().delete(departmentKpis).where(eq(departmentKpis.id, o.kpi.id))).rejects.toThrow();
    expect(await historyOf(o.team.id)).toEqual(before);
  });
});
