import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import type { Member } from '../../test/world.ts';
import { createInsightsFixture, NOW, type InsightsFixture } from './testing/insights.ts';

const shown = (value: number | null) => ({ suppressed: false, value });
const rates = (body: { check_in_rate: { rate: unknown }[] }) => body.check_in_rate.map((w) => w.rate);

// A deactivated member leaves every denominator from the day after deactivation (their local date);
// their earlier days still count; reactivation restores them (docs/domain/insights.md#who-counts).
// Figures by hand from the fixture (test-fixture.ts): a6 completed 2 to 5 March and nothing later.
describeEachDatabase('insights and deactivated members', (getDatabase) => {
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
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const deactivate = (member: Member, at: Date | null) =>
    getDatabase().db.update(users).set({ deactivatedAt: at }).where(eq(users.id, member.id));

  it('still counts a member on the day of their deactivation', async () => {
    const before = await get(f.leader);
    await deactivate(f.a[5]!, NOW);
    expect(await get(f.leader)).toEqual(before);
    await deactivate(f.a[5]!, null);
  });

  it('leaves out every day after it, in the rates, participation, streaks and group sizes', async () => {
    const before = { leader: await get(f.leader), teamLeader: await get(f.teamLeader) };
    // 23:30 UTC on 4 March is 4 March in London: a6 counts 2, 3 and 4 March, not 5 March on.
    await deactivate(f.a[5]!, new Date('2026-03-04T23:30:00Z'));
    const leader = await get(f.leader);
    // 13 members now (a6 is not counted after 4 March).
    expect(leader.members).toEqual(shown(13));
    // Week of 2 March: 5 x 4 + 3 (a6) + 4 x 1 = 27 completed of 9 x 7 + 3 = 66 habit-days: 40.9 %.
    // Week of 9 March: a1..a3 one day each, 3 of 9 x 7 = 63: 4.8 %.
    expect(rates(leader)).toEqual([shown(null), shown(null), shown(40.9), shown(4.8)]);
    // a6 had habit-days in the week of 2 March, none in the week of 9 March: 10 then 9 of 13.
    expect(leader.participation.map((w: { participants: unknown }) => w.participants)).toEqual([
      shown(0),
      shown(0),
      shown(10),
      shown(9),
    ]);
    expect(leader.participation[2].rate).toEqual(shown(76.9));
    expect(leader.participation[3].rate).toEqual(shown(69.2));
    // 30 of 129 over the period.
    expect(leader.check_in_by_behaviour[0].rate).toEqual(shown(23.3));
    // a1..a5 at a run of 2; the other 8 counted members at 0.
    expect(leader.streaks.map((s: { members: unknown }) => s.members)).toEqual([
      shown(8),
      shown(5),
      shown(0),
      shown(0),
    ]);
    expect(leader.cohorts).toEqual([
      { name: expect.any(String), members: shown(13), participation: shown(69.2), check_in_rate: shown(23.3) },
    ]);
    // a6 started the habit on 2 March, before the deactivation: still among the habits chosen.
    expect(leader.habits_chosen[0].members).toEqual(shown(10));

    // Team A (the team leader's department) now counts 5 members: 20 + 3 = 23 of 5 x 7 + 3 = 38
    // (60.5 %), then 3 of 35 (8.6 %).
    const teamLeader = await get(f.teamLeader);
    expect(teamLeader.members).toEqual(shown(5));
    expect(rates(teamLeader)).toEqual([shown(null), shown(null), shown(60.5), shown(8.6)]);

    // Reactivated: every figure as before.
    await deactivate(f.a[5]!, null);
    expect(await get(f.leader)).toEqual(before.leader);
    expect(await get(f.teamLeader)).toEqual(before.teamLeader);
  });

  it('leaves a member deactivated before the period out of it altogether, and a rebuild agrees', async () => {
    const before = await get(f.leader);
    await deactivate(f.b[0]!, new Date('2026-02-01T12:00:00Z'));
    const after = await get(f.leader);
    expect(after.members).toEqual(shown(13));
    // b1's only completed day (2 March) and 7 habit-days leave the week of 2 March: 27 of 63 (42.9 %).
    expect(rates(after)[2]).toEqual(shown(42.9));
    expect(after.habits_chosen[0].members).toEqual(shown(9));
    await getDatabase().db.execute(`select insight_rebuild()`);
    expect(await get(f.leader)).toEqual(after);
    await deactivate(f.b[0]!, null);
    expect(await get(f.leader)).toEqual(before);
  });
});
