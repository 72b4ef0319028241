import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { auditLog, cohortMembers, kpiMeasurements, users } from '../db/schema/index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { createAdminWorld, PEOPLE } from './admin/testing/people.ts';
import { createOrgWithGoals } from './organizational/testing/goals.ts';
import { PATCH_OP, scimClient } from './scim/testing/scim.ts';

// The once-only rules of wave 2 under 30 requests at the same moment, sent alternately to two API
// instances (two connection pools on one PostgreSQL database): no 5xx, and the data ends
// consistent. (One reminder per member and local date: routes/notifications/reminder-once.test.ts;
// a day paused or logged: routes/habits/pause-or-log.test.ts.)
const REQUESTS = 30;
const NOW = new Date('2026-03-18T12:00:00Z');

if (databaseKinds.includes('postgres')) {
  describe('once-only rules under 30 parallel requests on PostgreSQL', () => {
    let issuers: TestIssuers;
    let database: TestDatabase;
    let second: Database;
    let apps: App[];

    beforeAll(async () => {
      issuers = await createTestIssuers();
      database = await createTestDatabase('postgres');
      if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
      second = await openDatabase({ kind: 'postgres', url: database.pool.options.connectionString!, poolSize: 15 });
      apps = [
        await createTestApp(database, { keySets: issuers.keySets, now: () => NOW }),
        await createTestApp(second, { keySets: issuers.keySets, now: () => NOW }),
      ];
    }, 60_000);
    afterAll(async () => {
      for (const app of apps ?? []) await app.close();
      await second?.close();
      await database?.dispose();
    });

    const inParallel = <T>(call: (i: number, app: App) => Promise<T>) =>
      Promise.all(Array.from({ length: REQUESTS }, (_, i) => call(i, apps[i % 2]!)));

    it('stores one KPI measurement per KPI and date; the others are 409 and write nothing', async () => {
      const o = await createOrgWithGoals(apps[0]!, database.db, issuers);
      const url = `/api/v1/organizational/department-kpis/${o.kpi.id}/measurements`;
      const answers = await inParallel((i, app) =>
        app.inject({
          method: 'POST',
          url,
          headers: o.teamLeader.headers,
          payload: { value: i, measured_on: '2026-03-17', note: `Request ${i}` },
        }),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(
        statuses.filter((s) => s === 201),
        statuses.join(', '),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(REQUESTS - 1);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(refused.json().detail).toBe(
          'This KPI already has a measurement for 2026-03-17: change that measurement rather than add another.',
        );
      }
      const stored = await database.db.select().from(kpiMeasurements).where(eq(kpiMeasurements.kpiId, o.kpi.id));
      const winner = answers.find((a) => a.statusCode === 201)!.json();
      expect(stored.map((m) => [m.id, m.value])).toEqual([[winner.id, winner.value]]);
      const audited = await database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'kpi_measurement.create'), eq(auditLog.organisationId, o.world.organisation.id)),
        );
      expect(audited.map((r) => r.entityId)).toEqual([winner.id]);

      // Moving another measurement onto that date is refused the same way; another date is taken.
      const other = await apps[1]!.inject({
        method: 'POST',
        url,
        headers: o.teamLeader.headers,
        payload: { value: 1, measured_on: '2026-03-16' },
      });
      expect(other.statusCode).toBe(201);
      const moved = await apps[0]!.inject({
        method: 'PUT',
        url: `${url}/${other.json().id}`,
        headers: o.teamLeader.headers,
        payload: { value: 2, measured_on: '2026-03-17' },
      });
      expect(moved.statusCode).toBe(409);
      const kept = await apps[0]!.inject({
        method: 'PUT',
        url: `${url}/${other.json().id}`,
        headers: o.teamLeader.headers,
        payload: { value: 3, measured_on: '2026-03-16' },
      });
      expect(kept.statusCode).toBe(200);
    }, 60_000);

    it('applies every one of 30 parallel SCIM PATCHes of one group: no lost member, no 5xx', async () => {
      const scim = await scimClient(apps[0]!, database.db);
      const sendOn = (app: App, method: 'POST' | 'PATCH' | 'GET', url: string, body?: unknown) =>
        app.inject({
          method,
          url: `/scim/v2${url}`,
          headers: {
            authorization: `Bearer ${scim.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      const person = async () =>
        (
          await scim.send('POST', '/Users', scim.entraUser(`r${randomUUID().slice(0, 8)}@${scim.domain}`, randomUUID()))
        ).json().id as string;
      const initial: string[] = [];
      const added: string[] = [];
      for (let i = 0; i < REQUESTS / 2; i++) initial.push(await person());
      for (let i = 0; i < REQUESTS; i++) added.push(await person());
      const group = (await scim.send('POST', '/Groups', { displayName: `Race ${randomUUID().slice(0, 6)}` })).json();
      const patch = (app: App, operations: object[]) =>
        sendOn(app, 'PATCH', `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations: operations });
      expect(
        (await patch(apps[0]!, [{ op: 'add', path: 'members', value: initial.map((value) => ({ value })) }]))
          .statusCode,
      ).toBe(200);

      // Each request adds one person; the first half also removes one of the people already in.
      const answers = await inParallel((i, app) =>
        patch(app, [
          { op: 'add', path: 'members', value: [{ value: added[i] }] },
          ...(i < initial.length ? [{ op: 'remove', path: `members[value eq "${initial[i]}"]` }] : []),
        ]),
      );
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join('\n'),
      ).toEqual(Array(REQUESTS).fill(200));

      const expected = [...added].sort();
      const read = (await sendOn(apps[1]!, 'GET', `/Groups/${group.id}`)).json();
      expect(read.members.map((m: { value: string }) => m.value).sort()).toEqual(expected);
      const inTeam = await database.db.select({ id: users.id }).from(users).where(eq(users.teamId, group.id));
      expect(inTeam.map((u) => u.id).sort()).toEqual(expected);
      const removed = await database.db
        .select({ id: users.id, teamId: users.teamId })
        .from(users)
        .where(inArray(users.id, initial));
      expect(removed.every((u) => u.teamId === null)).toBe(true);
    }, 120_000);

    it('keeps one consistent person and an unbroken audit trail when two administrators change them at once', async () => {
      const world = await createAdminWorld(database.db, issuers);
      const second = await world.person({ isAdmin: true, inCohort: false });
      const admins = [world.admin, second];
      const person = world.member;
      const cohorts = [world.cohort.id, world.otherCohort.id];
      // Each request sets the same three fields to its own coherent values; the title names it.
      const payloadOf = (i: number) => ({
        job_title: `Title ${i}`,
        role: i % 2 === 0 ? 'team_leader' : 'member',
        cohort_id: cohorts[i % 2],
      });
      const answers = await inParallel((i, app) =>
        app.inject({
          method: 'PATCH',
          url: `${PEOPLE}/${person.id}`,
          headers: admins[i % 2]!.headers,
          payload: payloadOf(i),
        }),
      );
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join('\n'),
      ).toEqual(Array(REQUESTS).fill(200));

      // The person ends as one request left them, in exactly one cohort.
      const [row] = await database.db.select().from(users).where(eq(users.id, person.id));
      const last = Number(row!.jobTitle!.replace('Title ', ''));
      expect({ role: row!.role }).toEqual({ role: payloadOf(last).role });
      const memberships = await database.db.select().from(cohortMembers).where(eq(cohortMembers.userId, person.id));
      expect(memberships.map((m) => m.cohortId)).toEqual([payloadOf(last).cohort_id]);

      // One audit row per request, chained: each starts from what the one before it left, the
      // first from the person's start and the last at what is stored.
      const rows = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'person.update'), eq(auditLog.entityId, person.id)));
      expect(rows).toHaveLength(REQUESTS);
      const byBeforeTitle = new Map(
        rows.map((r) => [(r.before as { job_title?: string | null }).job_title ?? null, r]),
      );
      expect(byBeforeTitle.size).toBe(REQUESTS);
      let title: string | null = null;
      for (let step = 0; step < REQUESTS; step++) {
        const next = byBeforeTitle.get(title);
        expect(next, `no audit row starts from the title ${title}`).toBeDefined();
        title = (next!.after as { job_title: string }).job_title;
      }
      expect(title).toBe(row!.jobTitle);
    }, 60_000);
  });
}
