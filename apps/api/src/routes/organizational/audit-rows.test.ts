import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { caller, createOrgWithGoals, goalBody, goalsUrl, kpiBody, type OrgWithGoals } from './testing/goals.ts';

// Every write of a leader or team leader writes one audit row in its transaction (decision 018):
// who, what, the values before and after. A refused write leaves none.
const NOW = new Date('2026-03-18T12:00:00Z');
const base = '/api/v1/organizational';

describeEachDatabase('organizational writes: the audit log', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let o: OrgWithGoals;
  let send: ReturnType<typeof caller>;
  const rows = (entityId: string) =>
    getDatabase()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, o.world.organisation.id), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.action));

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    o = await createOrgWithGoals(app, getDatabase().db, issuers);
    send = caller(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('records goals created, changed and deleted by the leader', async () => {
    const created = await send(o.leader, {
      method: 'POST',
      url: goalsUrl(o.programmeId),
      payload: goalBody('Ship', 3),
    });
    const goal = created.body;
    await send(o.leader, { method: 'PUT', url: `${base}/goals/${goal.id}`, payload: goalBody('Ship faster', 4) });
    await send(o.leader, { method: 'DELETE', url: `${base}/goals/${goal.id}` });
    const written = await rows(goal.id);
    expect(written.map((r) => [r.action, r.entity, r.actorUserId, r.actorTokenId])).toEqual([
      ['goal.create', 'organizational_goal', o.leader.id, null],
      ['goal.update', 'organizational_goal', o.leader.id, null],
      ['goal.delete', 'organizational_goal', o.leader.id, null],
    ]);
    expect(written[0]).toMatchObject({ before: null, after: goal });
    expect(written[1]).toMatchObject({
      before: { title: 'Ship', sequence_order: 3 },
      after: { title: 'Ship faster', sequence_order: 4 },
    });
    expect(written[2]).toMatchObject({ before: { title: 'Ship faster' }, after: null });
    // The fixture's own goals were recorded too.
    expect((await rows(o.goal.id)).map((r) => r.action)).toEqual(['goal.create']);
  });

  it('records departments and KPIs created and changed by their team leader', async () => {
    expect(await rows(o.department.id)).toEqual([
      expect.objectContaining({ action: 'department.create', actorUserId: o.teamLeader.id, after: o.department }),
    ]);
    await send(o.teamLeader, {
      method: 'PUT',
      url: `${base}/department-kpis/${o.kpi.id}`,
      payload: kpiBody(o.department.id, o.goal.id, 'Annual recurring revenue'),
    });
    await send(o.teamLeader, {
      method: 'PUT',
      url: `${base}/department-kpis/${o.kpi.id}/target`,
      payload: { unit: '%', baseline: 1, target: 2 },
    });
    const written = await rows(o.kpi.id);
    expect(written.map((r) => r.action).sort()).toEqual([
      'department_kpi.create',
      'department_kpi.set_target',
      'department_kpi.update',
    ]);
    expect(written.find((r) => r.action === 'department_kpi.update')).toMatchObject({
      actorUserId: o.teamLeader.id,
      before: { title: 'Monthly recurring revenue' },
      after: { title: 'Annual recurring revenue' },
    });
    expect(written.find((r) => r.action === 'department_kpi.set_target')).toMatchObject({
      before: { unit: null, baseline: null, target: null },
      after: { unit: '%', baseline: 1, target: 2 },
    });
  });

  it('records KPI measurements recorded, changed and deleted, and nothing for a refused write', async () => {
    const url = `${base}/department-kpis/${o.kpi.id}/measurements`;
    const made = await send(o.teamLeader, { method: 'POST', url, payload: { value: 3, measured_on: '2026-03-01' } });
    await send(o.teamLeader, {
      method: 'PUT',
      url: `${url}/${made.body.id}`,
      payload: { value: 4, measured_on: '2026-03-02' },
    });
    await send(o.teamLeader, { method: 'DELETE', url: `${url}/${made.body.id}` });
    const written = await rows(made.body.id);
    expect(written.map((r) => [r.action, r.before, r.after])).toEqual([
      ['kpi_measurement.create', null, { kpi_id: o.kpi.id, ...made.body }],
      [
        'kpi_measurement.update',
        { kpi_id: o.kpi.id, ...made.body },
        { kpi_id: o.kpi.id, id: made.body.id, value: 4, measured_on: '2026-03-02', note: null },
      ],
      [
        'kpi_measurement.delete',
        { kpi_id: o.kpi.id, id: made.body.id, value: 4, measured_on: '2026-03-02', note: null },
        null,
      ],
    ]);

    const all = async () => (await getDatabase().db.select().from(auditLog)).length;
    const before = await all();
    // The future is refused (400), another team leader is refused (403), a member too.
    expect(
      (await send(o.teamLeader, { method: 'POST', url, payload: { value: 1, measured_on: '2027-01-01' } })).status,
    ).toBe(400);
    expect(
      (await send(o.otherTeamLeader, { method: 'POST', url, payload: { value: 1, measured_on: '2026-03-01' } })).status,
    ).toBe(403);
    expect((await send(o.member, { method: 'POST', url: goalsUrl(o.programmeId), payload: goalBody() })).status).toBe(
      403,
    );
    expect(await all()).toBe(before);
  });
});
