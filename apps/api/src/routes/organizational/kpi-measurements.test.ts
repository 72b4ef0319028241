import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { kpiMeasurements } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { caller, createOrgWithGoals, setStartsAt, type OrgWithGoals } from './testing/goals.ts';

// Today is 18 March 2026 in London for everyone of these tests.
const NOW = new Date('2026-03-18T12:00:00Z');
const url = (kpiId: string, measurementId?: string) =>
  `/api/v1/organizational/department-kpis/${kpiId}/measurements${measurementId ? `/${measurementId}` : ''}`;

describeEachDatabase('KPI measurements', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let o: OrgWithGoals;
  let send: ReturnType<typeof caller>;
  const stored = async () => (await getDatabase().db.select({ n: count() }).from(kpiMeasurements))[0]!.n;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    o = await createOrgWithGoals(app, getDatabase().db, issuers);
    send = caller(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lets the team leader set a scale, record, change and delete values, even after the start', async () => {
    await setStartsAt(getDatabase().db, o.programmeId, new Date('2026-01-01T00:00:00Z'));
    const scale = await send(o.teamLeader, {
      method: 'PUT',
      url: `/api/v1/organizational/department-kpis/${o.kpi.id}/target`,
      payload: { unit: ' % ', baseline: 12, target: 20.5 },
    });
    expect(scale).toEqual({
      status: 200,
      body: { kpi_id: o.kpi.id, unit: '%', baseline: 12, target: 20.5, measurements: [] },
    });
    const later = await send(o.teamLeader, {
      method: 'POST',
      url: url(o.kpi.id),
      payload: { value: 15.5, measured_on: '2026-03-18', note: 'After the first module' },
    });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ value: 15.5, measured_on: '2026-03-18', note: 'After the first module' });
    const earlier = await send(o.teamLeader, {
      method: 'POST',
      url: url(o.kpi.id),
      payload: { value: 13, measured_on: '2026-02-01' },
    });
    expect(earlier.body.note).toBeNull();
    const changed = await send(o.teamLeader, {
      method: 'PUT',
      url: url(o.kpi.id, earlier.body.id),
      payload: { value: 14, measured_on: '2026-02-02', note: '' },
    });
    expect(changed.body).toEqual({ id: earlier.body.id, value: 14, measured_on: '2026-02-02', note: null });
    const read = await send(o.leader, { method: 'GET', url: url(o.kpi.id) });
    expect(read.status).toBe(200);
    expect(read.body.measurements.map((m: { value: number }) => m.value)).toEqual([14, 15.5]);
    expect((await send(o.teamLeader, { method: 'DELETE', url: url(o.kpi.id, earlier.body.id) })).status).toBe(204);
    expect((await send(o.teamLeader, { method: 'DELETE', url: url(o.kpi.id, earlier.body.id) })).status).toBe(404);
    expect((await send(o.teamLeader, { method: 'GET', url: url(o.kpi.id) })).body.measurements).toHaveLength(1);
    await setStartsAt(getDatabase().db, o.programmeId, null);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await stored();
    const bad = [
      { value: 1, measured_on: '2026-03-19' },
      { value: '12', measured_on: '2026-03-01' },
      { value: 1, measured_on: '18/03/2026' },
      { value: 1, measured_on: '0000-01-01' }, // no year 0 in PostgreSQL
      { value: 1, measured_on: '1899-12-31' },
      { value: 1, measured_on: '2026-03-01', note: 'x'.repeat(501) },
      { value: 1, measured_on: '2026-03-01', kpi_id: o.kpi.id },
      { measured_on: '2026-03-01' },
    ];
    for (const payload of bad) {
      const answer = await send(o.teamLeader, { method: 'POST', url: url(o.kpi.id), payload });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    const future = await send(o.teamLeader, {
      method: 'POST',
      url: url(o.kpi.id),
      payload: { value: 1, measured_on: '2026-03-19' },
    });
    expect(future.body.detail).toBe(
      'A measurement cannot be dated in the future: measured_on must be 2026-03-18 or earlier.',
    );
    expect(await stored()).toBe(before);
  });

  it('keeps one measurement per KPI and date: another on that date is 409, written or moved there', async () => {
    const { db } = getDatabase();
    const first = await send(o.teamLeader, {
      method: 'POST',
      url: url(o.kpi.id),
      payload: { value: 1, measured_on: '2026-03-05' },
    });
    expect(first.status).toBe(201);
    const before = await stored();
    const again = await send(o.teamLeader, {
      method: 'POST',
      url: url(o.kpi.id),
      payload: { value: 2, measured_on: '2026-03-05' },
    });
    expect(again).toEqual({
      status: 409,
      body: {
        detail: 'This KPI already has a measurement for 2026-03-05: change that measurement rather than add another.',
      },
    });
    const other = await send(o.teamLeader, {
      method: 'POST',
      url: url(o.kpi.id),
      payload: { value: 3, measured_on: '2026-03-06' },
    });
    const moved = await send(o.teamLeader, {
      method: 'PUT',
      url: url(o.kpi.id, other.body.id),
      payload: { value: 3, measured_on: '2026-03-05' },
    });
    expect(moved.status).toBe(409);
    expect(await stored()).toBe(before + 1);
    // Two of one date stored before the rule stay, and each can still be changed.
    await db.execute(sql`alter table kpi_measurements disable trigger kpi_measurements_one_per_date`);
    await db.insert(kpiMeasurements).values({ kpiId: o.kpi.id, value: 4, measuredOn: '2026-03-05' });
    await db.execute(sql`alter table kpi_measurements enable trigger kpi_measurements_one_per_date`);
    const changed = await send(o.teamLeader, {
      method: 'PUT',
      url: url(o.kpi.id, first.body.id),
      payload: { value: 5, measured_on: '2026-03-05', note: 'Recounted' },
    });
    expect(changed.status).toBe(200);
    for (const id of [first.body.id, other.body.id]) {
      expect((await send(o.teamLeader, { method: 'DELETE', url: url(o.kpi.id, id) })).status).toBe(204);
    }
    await db
      .delete(kpiMeasurements)
      .where(and(eq(kpiMeasurements.kpiId, o.kpi.id), eq(kpiMeasurements.measuredOn, '2026-03-05')));
  });

  it('lets only the owning team leader write, and nobody outside the organisation read', async () => {
    const before = await stored();
    const payload = { value: 1, measured_on: '2026-03-01' };
    for (const who of [o.leader, o.otherTeamLeader, o.member]) {
      expect((await send(who, { method: 'POST', url: url(o.kpi.id), payload })).status).toBe(403);
    }
    expect((await send(o.member, { method: 'GET', url: url(o.kpi.id) })).status).toBe(403);
    expect((await send(o.otherTeamLeader, { method: 'GET', url: url(o.kpi.id) })).status).toBe(403);
    const foreign = await createOrgWithGoals(app, getDatabase().db, issuers);
    expect((await send(foreign.teamLeader, { method: 'POST', url: url(o.kpi.id), payload })).status).toBe(404);
    expect((await send(foreign.leader, { method: 'GET', url: url(o.kpi.id) })).status).toBe(404);
    // A measurement id of another KPI: not found under this one.
    const theirs = await send(foreign.teamLeader, { method: 'POST', url: url(foreign.kpi.id), payload });
    expect((await send(o.teamLeader, { method: 'PUT', url: url(o.kpi.id, theirs.body.id), payload })).status).toBe(404);
    expect((await send(o.teamLeader, { method: 'DELETE', url: url(o.kpi.id, theirs.body.id) })).status).toBe(404);
    expect(await stored()).toBe(before + 1);
  });

  it('shows the values on the goal line of sight of the insights', async () => {
    await send(o.teamLeader, { method: 'POST', url: url(o.kpi.id), payload: { value: 42, measured_on: '2026-03-10' } });
    const insights = await app.inject({
      method: 'GET',
      url: '/api/v1/insights?period=4w',
      headers: o.teamLeader.headers,
    });
    const goal = insights.json().goals.find((g: { id: string }) => g.id === o.goal.id);
    expect(goal.departments[0].kpis[0].measurements).toContainEqual({ measured_on: '2026-03-10', value: 42 });
  });
});
