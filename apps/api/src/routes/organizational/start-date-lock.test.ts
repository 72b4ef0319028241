import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
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
  setStartsAt,
  type OrgWithGoals,
} from './testing/goals.ts';

const base = '/api/v1/organizational';

describeEachDatabase('organizational API after the programme starts', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  const now = new Date('2026-05-01T09:00:00Z');

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => now });
  });
  afterAll(async () => {
    await app.close();
  });

  const writes = (o: OrgWithGoals) =>
    [
      [o.leader, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody('Late goal') }],
      [o.leader, { method: 'PUT', url: `${base}/goals/${o.goal.id}`, payload: goalBody('Renamed') }],
      [o.leader, { method: 'DELETE', url: `${base}/goals/${o.secondGoal.id}` }],
      [
        o.teamLeader,
        {
          method: 'POST',
          url: `${base}/departments`,
          payload: { program_id: o.programmeId, selected_team_id: o.freeTeam.id, organizational_goal_ids: [] },
        },
      ],
      [o.teamLeader, { method: 'POST', url: `${base}/department-kpis`, payload: kpiBody(o.department.id, o.goal.id) }],
      [
        o.teamLeader,
        {
          method: 'PUT',
          url: `${base}/department-kpis/${o.kpi.id}`,
          payload: kpiBody(o.department.id, o.goal.id, 'X'),
        },
      ],
    ] as const;
  const reads = (o: OrgWithGoals) =>
    [
      [o.member, { method: 'GET', url: goalsUrl(o.programmeId) }],
      [o.teamLeader, { method: 'GET', url: `${base}/goals/available?program_id=${o.programmeId}` }],
      [o.teamLeader, { method: 'GET', url: `${base}/departments?program_id=${o.programmeId}` }],
      [o.teamLeader, { method: 'GET', url: `${base}/department-kpis?department_id=${o.department.id}` }],
    ] as const;

  it('refuses every write from the start date on with 409, and still answers reads', async () => {
    const db = getDatabase().db;
    const o = await createOrgWithGoals(app, db, issuers);
    await setStartsAt(db, o.programmeId, now); // starts this very instant: already read-only
    const before = await organizationalCounts(db);
    for (const [who, call] of writes(o)) {
      const { status, body } = await caller(app)(who, call);
      expect(status, `${call.method} ${call.url}`).toBe(409);
      expect(body.detail).toMatch(
        /^(Goals|Departments and KPIs) can no longer be changed: the programme started on 2026-05-01\.$/,
      );
    }
    expect(await organizationalCounts(db)).toEqual(before);
    for (const [who, call] of reads(o)) {
      expect((await caller(app)(who, call)).status, call.url).toBe(200);
    }
  });

  it("names the start date in the caller's own calendar", async () => {
    const db = getDatabase().db;
    const o = await createOrgWithGoals(app, db, issuers);
    await setStartsAt(db, o.programmeId, new Date('2026-04-30T20:00:00Z'));
    await db.update(users).set({ timeZone: 'Pacific/Auckland' }).where(eq(users.id, o.leader.id));
    const { status, body } = await caller(app)(o.leader, { method: 'DELETE', url: `${base}/goals/${o.goal.id}` });
    expect(status).toBe(409);
    expect(body.detail).toBe('Goals can no longer be changed: the programme started on 2026-05-01.');
  });

  it('allows every write while the start date is still ahead', async () => {
    const db = getDatabase().db;
    const o = await createOrgWithGoals(app, db, issuers);
    await setStartsAt(db, o.programmeId, new Date(now.getTime() + 60_000));
    const statuses = [];
    for (const [who, call] of writes(o)) statuses.push((await caller(app)(who, call)).status);
    expect(statuses).toEqual([201, 200, 204, 201, 201, 200]);
  });
});
