import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { cohorts, habitLogs, userHabits, users } from '../../db/schema/index.ts';
import { getInsights } from '../../services/insights/insights.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { ALL_SPEED_OFF, createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import type { Member } from '../../test/world.ts';
import { createInsightsFixture, NOW, type InsightsFixture } from './testing/insights.ts';

const hidden = { suppressed: true };
const shown = (value: number | null) => ({ suppressed: false, value });

// An administrator sees what a leader sees, whatever their programme role; and a held answer
// (decision 013) never hides a change written after it was read
// (docs/domain/insights.md#who-sees-what).
describeEachDatabase('insights for administrators, and held answers', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let f: InsightsFixture;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    f = await createInsightsFixture(app, getDatabase().db, issuers);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const get = async (member: Member, query = 'period=4w') => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/insights?${query}`, headers: member.headers });
    return { status: response.statusCode, body: response.json() };
  };

  it("gives an administrator the leader's whole programme, as a member, a team leader or outside any cohort", async () => {
    const leader = await get(f.leader, 'period=12w');
    expect(leader.body.scope).toBe('organisation');
    const admins = [
      await f.world.person({ isAdmin: true, inCohort: false }),
      await f.world.person({ role: 'team_leader', isAdmin: true, inCohort: false }),
    ];
    for (const admin of admins) {
      const answer = await get(admin, 'period=12w');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(leader.body);
      expect(answer.body.members).toEqual(shown(14));
    }
    // An administrator who is a team leader may narrow to another team leader's department (4 members).
    const narrowed = await get(admins[1]!, `department_id=${f.departmentB.id}`);
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.members).toEqual(hidden);
    // A team leader without the right sees their own departments only.
    expect((await get(f.teamLeader, `department_id=${f.departmentB.id}`)).status).toBe(403);
  });

  it('refuses a member who is not an administrator, and finds no programme for them outside a cohort', async () => {
    expect((await get(f.member)).status).toBe(403);
    const outside = await f.world.person({ role: 'leader', inCohort: false });
    const answer = await get(outside);
    expect(answer.status).toBe(200);
    expect(answer.body.programme.id).toBe(f.programmeId);
  });

  it('shows a check-in, a KPI value and a renamed cohort written after an answer was read', async () => {
    const before = await get(f.leader);
    // 3 of 70 habit-days completed in the week of 9 March.
    expect(before.body.check_in_rate[3].rate).toEqual(shown(4.3));
    expect(await get(f.leader)).toEqual(before);

    const [habit] = await getDatabase()
      .db.select({ id: userHabits.id })
      .from(userHabits)
      .where(eq(userHabits.userId, f.b[0]!.id));
    await getDatabase()
      .db.insert(habitLogs)
      .values({ userHabitId: habit!.id, logDate: '2026-03-10', logType: 'completed' });
    // 4 of 70.
    expect((await get(f.leader)).body.check_in_rate[3].rate).toEqual(shown(5.7));

    const recorded = await app.inject({
      method: 'POST',
      url: `/api/v1/organizational/department-kpis/${f.kpi.id}/measurements`,
      headers: f.teamLeader.headers,
      payload: { value: 12.5, measured_on: '2026-03-10' },
    });
    expect(recorded.statusCode).toBe(201);
    const line = (await get(f.leader)).body.goals
      .find((g: { id: string }) => g.id === f.goal.id)
      .departments.find((d: { id: string }) => d.id === f.department.id);
    expect(line.kpis[0].measurements).toEqual([{ measured_on: '2026-03-10', value: 12.5 }]);

    await getDatabase().db.update(cohorts).set({ name: 'Renamed cohort' }).where(eq(cohorts.id, f.world.cohort.id));
    expect((await get(f.leader)).body.cohorts[0].name).toBe('Renamed cohort');
  });

  it('holds a frozen answer, so that nothing can change it and its JSON is written once', async () => {
    const first = await get(f.leader);
    const again = await get(f.leader);
    expect(again.body).toEqual(first.body);
    const [user] = await getDatabase().db.select().from(users).where(eq(users.id, f.leader.id));
    const answer = await getInsights(app.database, {
      user: { ...user!, organisationName: 'Acme', organisationTenantIds: [], organisationDefaultLocale: 'en-GB' },
      query: { period: '4w' },
      now: NOW,
    });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.participation[0])).toBe(true);
  });

  it('answers as a fresh read does (every speed mechanism off), before and after each change', async () => {
    const plain = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => NOW,
      config: { speed: ALL_SPEED_OFF },
    });
    try {
      const same = async () => {
        for (const [member, query] of [
          [f.leader, 'period=4w'],
          [f.leader, 'period=programme'],
          [f.teamLeader, 'period=12w'],
        ] as const) {
          const fresh = await plain.inject({
            method: 'GET',
            url: `/api/v1/insights?${query}`,
            headers: member.headers,
          });
          expect((await get(member, query)).body).toEqual(fresh.json());
        }
      };
      await same();
      const { db } = getDatabase();
      const [habit] = await db.select({ id: userHabits.id }).from(userHabits).where(eq(userHabits.userId, f.a[4]!.id));
      await db.insert(habitLogs).values({ userHabitId: habit!.id, logDate: '2026-03-11', logType: 'completed' });
      await same();
      await db
        .update(users)
        .set({ deactivatedAt: new Date('2026-03-05T12:00:00Z') })
        .where(eq(users.id, f.a[3]!.id));
      await same();
      await db.update(users).set({ teamId: f.teamB.id }).where(eq(users.id, f.a[2]!.id));
      await same();
      await db.update(users).set({ deactivatedAt: null }).where(eq(users.id, f.a[3]!.id));
      await db.update(users).set({ teamId: f.team.id }).where(eq(users.id, f.a[2]!.id));
      await same();
    } finally {
      await plain.close();
    }
  });
});
