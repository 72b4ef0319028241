import type { TFigure } from '@habitrack/contracts/insights/get-insights';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { findUserByEmail } from '../db/queries/identity/identity.ts';
import {
  departmentKpis,
  departments,
  kpiMeasurements,
  organizationalGoals,
  teamManagers,
  teams,
  users,
} from '../db/schema/index.ts';
import { AppDatabase } from '../db/speed/app-database.ts';
import { getInsights } from '../services/insights/insights.service.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { DEMO_GOALS } from './demo-goals.ts';
import { DEMO_SMALL_TEAM } from './demo-people.ts';
import { seedDemo } from './seed-demo.ts';

// A Thursday: the last four complete ISO weeks all lie inside the seeded history.
const TODAY = new Date('2026-11-26T10:00:00Z');
const shown = (figure: TFigure) => !figure.suppressed && figure.value !== null;

async function insightsOf(database: Database, email: string, period: '4w' | 'programme' = '4w') {
  const user = await findUserByEmail(database.db, email);
  const fresh = new AppDatabase(database, {
    sharedStatements: false,
    namedStatements: false,
    heldAnswers: false,
    knownCallers: false,
  });
  return getInsights(fresh, { user: user!, query: { period }, now: TODAY, locale: 'en-GB' });
}

// The demo's insights (issue 20, item 6): every chart shows something on the first start, and one
// small department shows the suppression.
describeEachDatabase('the demo seed for the insights', (getDb) => {
  beforeAll(async () => {
    expect(await seedDemo(getDb().db, { today: TODAY })).toMatchObject({ seeded: true });
  });

  it('puts 5 or more members in each team but People Operations, which its own team leader manages', async () => {
    const rows = await getDb()
      .db.select({ team: teams.name, role: users.role })
      .from(users)
      .innerJoin(teams, eq(teams.id, users.teamId));
    const count = (team: string) => rows.filter((r) => r.team === team).length;
    expect(count('Engineering')).toBe(7);
    expect(count('Customer Success')).toBe(6);
    expect(count('Sales')).toBe(6);
    expect(count(DEMO_SMALL_TEAM)).toBe(3);
    const managers = await getDb()
      .db.select({ team: teams.name, email: users.email })
      .from(teamManagers)
      .innerJoin(teams, eq(teams.id, teamManagers.teamId))
      .innerJoin(users, eq(users.id, teamManagers.userId));
    expect(managers.map((m) => `${m.team}: ${m.email}`).sort()).toEqual([
      'Customer Success: marcus.chen@acme.example',
      'Engineering: marcus.chen@acme.example',
      `${DEMO_SMALL_TEAM}: nadia.rahman@acme.example`,
    ]);
  });

  it('seeds the goals, three departments and KPIs with a baseline, a target and six past measurements', async () => {
    const goals = await getDb().db.select().from(organizationalGoals);
    expect(goals.map((g) => g.title).sort()).toEqual(DEMO_GOALS.map((g) => g.title).sort());
    const stored = await getDb().db.select().from(departments);
    expect(stored.map((d) => d.name).sort()).toEqual(['Customer Success', 'Engineering', DEMO_SMALL_TEAM]);
    const kpis = await getDb().db.select().from(departmentKpis);
    expect(kpis).toHaveLength(5);
    for (const kpi of kpis) {
      expect(kpi.unit && kpi.baseline !== null && kpi.target !== null).toBeTruthy();
      const values = await getDb().db.select().from(kpiMeasurements).where(eq(kpiMeasurements.kpiId, kpi.id));
      expect(values).toHaveLength(6);
      for (const value of values) expect(value.measuredOn < '2026-11-26').toBe(true);
    }
  });

  it('draws the whole programme, which has no start date, from its first activity, not two empty years', async () => {
    const insights = await insightsOf(getDb(), 'eleanor.whitfield@acme.example', 'programme');
    // The demo's history begins some weeks before its "today"; the last complete week ends the range.
    expect(insights.weeks.at(-1)).toBe('2026-11-16');
    expect(insights.weeks).toHaveLength(10);
    // The first week drawn is one in which members did something: the demo's moods begin there.
    expect(insights.weeks[0]).toBe('2026-09-14');
    expect(insights.mood[0]!.average).toEqual({ suppressed: false, value: expect.any(Number) });
  });

  it("gives the leader a figure in every chart, and People Operations' figures suppressed", async () => {
    const insights = await insightsOf(getDb(), 'eleanor.whitfield@acme.example');
    expect(insights.weeks).toHaveLength(4);
    expect(shown(insights.members)).toBe(true);
    for (const week of insights.participation) expect(shown(week.rate)).toBe(true);
    for (const week of insights.check_in_rate) expect(shown(week.rate)).toBe(true);
    // Mood: every week stands on 5 or more members' entries.
    for (const week of insights.mood) expect(shown(week.average)).toBe(true);
    for (const week of insights.endorsements) expect(shown(week.given)).toBe(true);
    expect(insights.impacts.some((w) => w.categories.some((c) => shown(c.reports)))).toBe(true);
    expect(insights.check_in_by_behaviour.some((b) => shown(b.rate))).toBe(true);
    expect(insights.streaks.some((s) => shown(s.members))).toBe(true);
    expect(insights.habits_chosen.some((h) => shown(h.members))).toBe(true);
    expect(insights.cohorts.every((c) => shown(c.members))).toBe(true);

    const byName = new Map(insights.departments.map((d) => [d.name, d]));
    expect(byName.get(DEMO_SMALL_TEAM)!.members).toEqual({ suppressed: true });
    expect(shown(byName.get('Engineering')!.members)).toBe(true);
    expect(insights.goals.map((g) => g.title)).toEqual(DEMO_GOALS.map((g) => g.title));
    const kpiLines = insights.goals.flatMap((g) => g.departments.flatMap((d) => d.kpis));
    expect(kpiLines).toHaveLength(5);
    for (const kpi of kpiLines) expect(kpi.measurements.length).toBeGreaterThanOrEqual(4);
  });

  it("gives the team leader both departments' figures and goal lines", async () => {
    const insights = await insightsOf(getDb(), 'marcus.chen@acme.example');
    expect(insights.departments.map((d) => d.name).sort()).toEqual(['Customer Success', 'Engineering']);
    for (const department of insights.departments) expect(shown(department.check_in_rate)).toBe(true);
    for (const week of insights.mood) expect(shown(week.average)).toBe(true);
    const lines = insights.goals.flatMap((g) => g.departments);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.check_in_rate.some((w) => shown(w.rate))).toBe(true);
  });
});

describeEachDatabase('the demo seed before the leader has set goals', (getDb) => {
  it('seeds the people and history but no goal, department or KPI', async () => {
    expect(await seedDemo(getDb().db, { today: TODAY, goals: false })).toMatchObject({ seeded: true });
    expect(await getDb().db.select().from(organizationalGoals)).toEqual([]);
    expect(await getDb().db.select().from(departments)).toEqual([]);
  });
});
