import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { rowsOf } from '../../db/rows.ts';
import { users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import type { Member } from '../../test/world.ts';
import { createOrgWithGoals, setStartsAt } from '../organizational/testing/goals.ts';
import { createInsightsFixture, NOW, WEEKS, type InsightsFixture } from './testing/insights.ts';

const hidden = { suppressed: true };
const shown = (value: number | null) => ({ suppressed: false, value });

describeEachDatabase('insights', (getDatabase) => {
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
    return { status: response.statusCode, body: response.json(), text: response.body };
  };

  it("gives a leader the programme's figures, each as computed by hand", async () => {
    const { status, body } = await get(f.leader);
    expect(status).toBe(200);
    expect(body.scope).toBe('organisation');
    expect(body.weeks).toEqual(WEEKS);
    // 4 people without a team or habit, 6 in team A, 4 in team B.
    expect(body.members).toEqual(shown(14));
    expect(body.participation.map((w: { participants: unknown }) => w.participants)).toEqual([
      shown(0),
      shown(0),
      shown(10),
      shown(10),
    ]);
    // 10 of 14 members: 71.4 %.
    expect(body.participation[2].rate).toEqual(shown(71.4));
    // 6 x 4 + 4 x 1 = 28 of 10 x 7 = 70 habit-days; then 3 of 70.
    expect(body.check_in_rate.map((w: { rate: unknown }) => w.rate)).toEqual([
      shown(null),
      shown(null),
      shown(40),
      shown(4.3),
    ]);
    // 31 of 140 over the period, for the first behaviour; nothing for the second.
    expect(body.check_in_by_behaviour).toEqual([
      { behaviour: 'Listening', rate: shown(22.1) },
      { behaviour: 'Recognition', rate: shown(null) },
    ]);
    // a1..a5 completed today and yesterday: a run of 2; everyone else 0.
    expect(body.streaks).toEqual([
      { bucket: '0', members: shown(9) },
      { bucket: '1-6', members: shown(5) },
      { bucket: '7-20', members: shown(0) },
      { bucket: '21+', members: shown(0) },
    ]);
    expect(body.habits_chosen).toEqual([{ habit: f.habit.name, behaviour: 'Listening', members: shown(10) }]);
    expect(body.behaviours_chosen).toEqual([{ behaviour: 'Listening', members: shown(10) }]);
    expect(body.impacts[2]).toEqual({ week: '2026-03-02', categories: [{ category: 'Team', reports: shown(5) }] });
    expect(body.impacts[3]).toEqual({ week: '2026-03-09', categories: [{ category: 'Team', reports: shown(0) }] });
    // One endorser in the week of 2 March: suppressed; five in the week of 9 March.
    expect(body.endorsements.map((w: { given: unknown }) => w.given)).toEqual([shown(0), shown(0), hidden, shown(5)]);
    // Four members logged a mood in the week of 2 March: suppressed; five averaged 3.0 the next.
    expect(body.mood.map((w: { average: unknown }) => w.average)).toEqual([shown(null), shown(null), hidden, shown(3)]);
    expect(body.cohorts).toEqual([
      { name: expect.any(String), members: shown(14), participation: shown(71.4), check_in_rate: shown(22.1) },
    ]);
    // Department B has 4 members, so A (the next smallest) is suppressed with it.
    expect(body.departments).toHaveLength(2);
    for (const department of body.departments) {
      expect(department).toMatchObject({ members: hidden, participation: hidden, check_in_rate: hidden });
    }
  });

  it('never sends a member name, id or e-mail', async () => {
    const { text } = await get(f.leader, 'period=programme');
    for (const person of [...f.a, ...f.b, f.member, f.leader, f.teamLeader]) {
      expect(text).not.toContain(person.id);
      expect(text).not.toContain(person.email);
    }
    const names = await getDatabase().db.select({ name: users.fullName }).from(users);
    for (const { name } of names) expect(text).not.toContain(name);
  });

  it("gives a team leader only their department's figures, the goal line beside its KPIs", async () => {
    const { status, body } = await get(f.teamLeader);
    expect(status).toBe(200);
    expect(body.scope).toBe('departments');
    expect(body.cohorts).toEqual([]);
    expect(body.departments.map((d: { id: string }) => d.id)).toEqual([f.department.id]);
    expect(body.members).toEqual(shown(6));
    // 24 of 42 habit-days, then 3 of 42.
    expect(body.check_in_rate.map((w: { rate: unknown }) => w.rate)).toEqual([
      shown(null),
      shown(null),
      shown(57.1),
      shown(7.1),
    ]);
    expect(body.mood[2].average).toEqual(hidden);
    expect(body.mood[3].average).toEqual(shown(3));
    const goal = body.goals.find((g: { id: string }) => g.id === f.goal.id);
    expect(goal.departments).toEqual([
      {
        id: f.department.id,
        name: expect.any(String),
        check_in_rate: WEEKS.map((week, i) => ({ week, rate: [shown(null), shown(null), shown(57.1), shown(7.1)][i] })),
        kpis: [{ id: f.kpi.id, title: f.kpi.title, unit: null, baseline: null, target: null, measurements: [] }],
      },
    ]);
  });

  it('suppresses everything of a department of 4 members, and shows it at 5', async () => {
    const small = await get(f.otherTeamLeader);
    expect(small.body.members).toEqual(hidden);
    expect(small.body.check_in_rate[2].rate).toEqual(hidden);
    expect(small.body.participation[2]).toEqual({ week: '2026-03-02', participants: hidden, rate: hidden });
    expect(
      small.body.streaks.every((s: { members: unknown }) => JSON.stringify(s.members) === JSON.stringify(hidden)),
    ).toBe(true);
    expect(small.body.goals[0].departments[0].check_in_rate[2].rate).toEqual(hidden);
    // a6 joins team B: 5 members, whose figures now show (b1..b4 one day, a6 four days that week).
    await getDatabase().db.update(users).set({ teamId: f.teamB.id }).where(eq(users.id, f.a[5]!.id));
    const five = await get(f.otherTeamLeader);
    expect(five.body.members).toEqual(shown(5));
    expect(five.body.check_in_rate[2].rate).toEqual(shown(22.9));
    await getDatabase().db.update(users).set({ teamId: f.team.id }).where(eq(users.id, f.a[5]!.id));
  });

  it('answers exactly what a full recomputation of the aggregates gives', async () => {
    const before = await get(f.leader, 'period=programme');
    await getDatabase().db.execute(sql`select insight_rebuild()`);
    const after = await get(f.leader, 'period=programme');
    expect(after.body).toEqual(before.body);
    expect((await get(f.teamLeader)).body.check_in_rate[2].rate).toEqual(shown(57.1));
  });

  // Migration 0025: on PostgreSQL with JIT (the default where it is built in), compiling the
  // apply statement took about 1.7 s per flush, 20 times its work, while a leader's request waited.
  it('applies written facts without JIT compilation, whatever the session allows', async () => {
    const result = await getDatabase().db.execute(
      sql`select p.proconfig from pg_proc p where p.proname = 'insight_apply' and p.pronamespace = 'public'::regnamespace`,
    );
    expect(rowsOf<{ proconfig: string[] | null }>(result)).toEqual([{ proconfig: ['jit=off'] }]);
  });

  // Migration 0027: a leader's read waits only for their own organisation's written facts.
  it("applies only its organisation's written facts; another's wait for that organisation's read", async () => {
    const db = getDatabase().db;
    const other = await createOrgWithGoals(app, db, issuers);
    // Every note, whether it carries its member's organisation, and whether that is this one.
    const notes = async () =>
      rowsOf<{ user_id: string; own: boolean; home: boolean }>(
        await db.execute(sql`select d.user_id, d.organisation_id = u.organisation_id as own,
            d.organisation_id = (select h.organisation_id from users h where h.id = ${f.member.id}) as home
          from insight_dirty d join users u on u.id = d.user_id`),
      );
    // A mood in the other organisation, and a fact of this one's member noted as every trigger notes it.
    const mood = await app.inject({
      method: 'POST',
      url: '/api/v1/mood/',
      headers: other.member.headers,
      payload: { mood_value: 4 },
    });
    expect(mood.statusCode).toBeLessThan(300);
    await db.execute(sql`select insight_refresh(array[${f.member.id}::uuid], array[${WEEKS[3]}::date])`);
    const before = await notes();
    expect(before.every((n) => n.own)).toBe(true);
    expect(before).toContainEqual({ user_id: f.member.id, own: true, home: true });
    expect(before).toContainEqual({ user_id: other.member.id, own: true, home: false });

    expect((await get(f.leader)).status).toBe(200);
    const after = await notes();
    expect(after.filter((n) => n.home)).toEqual([]);
    expect(after).toContainEqual({ user_id: other.member.id, own: true, home: false });
    expect((await get(other.leader)).status).toBe(200);
    expect(await notes()).toEqual([]);
  });

  // The organisation of the fixture's members, and how many of its notes wait to be applied.
  const organisation = () => sql`(select u.organisation_id from users u where u.id = ${f.member.id})`;
  const waiting = async () =>
    rowsOf<{ n: number }>(
      await getDatabase().db.execute(
        sql`select count(*)::int as n from insight_dirty d where d.organisation_id = ${organisation()}`,
      ),
    )[0]!.n;

  it("applies an organisation's written facts once for the leaders who find them waiting together", async () => {
    const db = getDatabase().db;
    await get(f.leader);
    // A fact of the member, noted as every trigger notes it.
    await db.execute(sql`select insight_refresh(array[${f.member.id}::uuid], array[${WEEKS[3]}::date])`);
    expect(await waiting()).toBe(1);
    const { queries } = getDatabase();
    const start = queries.length;
    const together = await Promise.all(Array.from({ length: 4 }, () => get(f.leader)));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // The others were answered at the versions their own statement read, the apply running.
    expect(queries.slice(start).filter((text) => /insight_flush_versions/.test(text))).toHaveLength(1);
    expect(await waiting()).toBe(0);
    expect((await get(f.leader)).body).toEqual(together[0]!.body);
  });

  // Migration 0028: a read applies at most 5,000 notes, so none ever outgrows the statement timeout.
  it("applies at most 5,000 of an organisation's notes a read; the reads after it apply the rest", async () => {
    const db = getDatabase().db;
    const before = (await get(f.leader)).body;
    expect(await waiting()).toBe(0);
    // Every member of the organisation, each for 400 weeks (noted as every trigger notes them).
    await db.execute(sql`select insight_refresh(array_agg(u.id), array_agg(w::date))
      from users u cross join generate_series(${WEEKS[0]}::date - 7 * 400, ${WEEKS[0]}::date - 7, interval '7 days') w
      where u.organisation_id = ${organisation()}`);
    const noted = await waiting();
    expect(noted).toBeGreaterThan(5000);
    expect(noted).toBeLessThanOrEqual(10_000);

    expect((await get(f.leader)).status).toBe(200);
    expect(await waiting()).toBe(noted - 5000);
    expect((await get(f.leader)).body).toEqual(before);
    expect(await waiting()).toBe(0);
  });

  it('refuses a member (403) and an id of another organisation (404)', async () => {
    expect((await get(f.member)).status).toBe(403);
    expect((await get(f.a[0]!)).body).toEqual({
      detail: 'Only leaders, team leaders and administrators can see programme insights.',
    });
    const other = await createOrgWithGoals(app, getDatabase().db, issuers);
    expect((await get(f.leader, `department_id=${other.department.id}`)).status).toBe(404);
    expect((await get(f.teamLeader, `department_id=${other.department.id}`)).status).toBe(404);
    // Another team leader's department of the same organisation: 403; the leader may narrow to it.
    expect((await get(f.teamLeader, `department_id=${f.departmentB.id}`)).status).toBe(403);
    const narrowed = await get(f.leader, `department_id=${f.department.id}`);
    expect(narrowed.body.members).toEqual(shown(6));
    expect((await get(f.leader, 'period=1y')).status).toBe(400);
  });

  it('covers 12 weeks and the whole programme', async () => {
    expect((await get(f.leader, 'period=12w')).body.weeks).toHaveLength(12);
    expect((await get(f.leader, 'period=12w')).body.weeks.at(-1)).toBe('2026-03-09');
  });

  it('starts the whole programme at its first activity when it has no start date, else at its start', async () => {
    // No start date: the habits were picked in the week of 2 March, nothing earlier.
    const unset = await get(f.leader, 'period=programme');
    expect(unset.body.weeks).toEqual(['2026-03-02', '2026-03-09']);
    expect(unset.body.participation.map((w: { participants: unknown }) => w.participants)).toEqual([
      shown(10),
      shown(10),
    ]);
    try {
      // A start date decides, even before any activity: from the week of Wednesday 4 February.
      await setStartsAt(getDatabase().db, f.programmeId, new Date('2026-02-04T09:00:00Z'));
      expect((await get(f.leader, 'period=programme')).body.weeks).toEqual([
        '2026-02-02',
        '2026-02-09',
        '2026-02-16',
        ...WEEKS.slice(1),
      ]);
    } finally {
      await setStartsAt(getDatabase().db, f.programmeId, null);
    }
    expect((await get(f.leader, 'period=programme')).body.weeks).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('draws no week of a programme without a start date before its members do anything', async () => {
    const empty = await createOrgWithGoals(app, getDatabase().db, issuers);
    const { status, body } = await get(empty.leader, 'period=programme');
    expect(status).toBe(200);
    expect(body.weeks).toEqual([]);
  });
});
