import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { cohortMembers, endorsements, habitLogs, userHabits, users } from '../../db/schema/index.ts';
import { addDays } from '../../lib/local-date.ts';
import { ZListCohortMembersResponse } from '@habitrack/contracts/social/list-cohort-members';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { countQueries, createWorld, type Member, type World } from '../../test/world.ts';

describeEachDatabase('cohort leaderboard and endorsements API', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;
  let now = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => now });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  const members = async (member: Member) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/social/cohort/members', headers: member.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // The service writes this JSON text itself: it must be exactly the contract, no field more.
    const body = response.json();
    expect(ZListCohortMembersResponse.parse(body)).toEqual(body);
    return body;
  };
  const endorse = (member: Member, endorsedUserId: string, message = 'Great listening today!') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/social/endorsements',
      headers: member.headers,
      payload: { endorsed_user_id: endorsedUserId, message },
    });

  // A member of `w` with one active habit and `days` completed days ending yesterday. Picked on
  // 1 October: its 60-day frame runs to 29 November (decision 014).
  async function activeMember(w: World, options: { days: number; name?: string; timeZone?: string }) {
    const member = await w.person({ timeZone: options.timeZone });
    if (options.name)
      await getDatabase().db.update(users).set({ fullName: options.name }).where(eq(users.id, member.id));
    const [userHabit] = await getDatabase()
      .db.insert(userHabits)
      .values({ userId: member.id, habitId: w.habits[0]!.id, slot: 1, startedOn: '2026-10-01', targetDays: 60 })
      .returning();
    if (options.days > 0) {
      await getDatabase()
        .db.insert(habitLogs)
        .values(
          Array.from({ length: options.days }, (_, i) => ({
            userHabitId: userHabit!.id,
            logDate: addDays('2026-11-21', -i),
            logType: 'completed' as const,
          })),
        );
    }
    return member;
  }

  it('ranks by progress, then streak, then name, and marks the caller', async () => {
    const w = await createWorld(getDatabase().db, issuers);
    const bo = await activeMember(w, { days: 6, name: 'Bo Berg' });
    const al = await activeMember(w, { days: 6, name: 'Al Andersson' });
    const cy = await activeMember(w, { days: 12, name: 'Cy Chen' });
    const newcomer = await w.person();
    const list = await members(bo);
    expect(list.map((m: { user: { id: string } }) => m.user.id)).toEqual([cy.id, al.id, bo.id, newcomer.id]);
    expect(list[0]).toMatchObject({
      rank: 1,
      total_progress_percentage: 20,
      current_streak: 12,
      active_habits: [{ name: w.habits[0]!.name, days_completed: 12 }],
      total_endorsements: 0,
      endorsed_today: false,
      is_current_user: false,
    });
    expect(list[2]).toMatchObject({ rank: 3, is_current_user: true });
    expect(list[3]).toMatchObject({ total_progress_percentage: 0, current_streak: 0, active_habits: [] });
    const dashboard = (await app.inject({ method: 'GET', url: '/api/v1/dashboard/', headers: bo.headers })).json();
    expect(dashboard.team_widget).toMatchObject({ member_count: 4, my_rank: 3 });
  });

  it('endorses a cohort mate once per day, counting it', async () => {
    const a = await activeMember(world, { days: 1 });
    const b = await activeMember(world, { days: 2 });
    const first = await endorse(a, b.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ endorsed_user_id: b.id, endorsed_on: '2026-11-22', total_endorsements: 1 });
    const again = await endorse(a, b.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You can only endorse this user once per day');
    const seen = (await members(a)).find((m: { user: { id: string } }) => m.user.id === b.id);
    expect(seen).toMatchObject({ total_endorsements: 1, endorsed_today: true });
    const byB = (await members(b)).find((m: { user: { id: string } }) => m.user.id === b.id);
    expect(byB).toMatchObject({ total_endorsements: 1, endorsed_today: false });
  });

  it('answers leaderboard requests arriving together from one statement, each its own', async () => {
    const local = await createWorld(getDatabase().db, issuers);
    const people = [
      await activeMember(local, { days: 3 }),
      await activeMember(local, { days: 1 }),
      await activeMember(local, { days: 2, timeZone: 'Pacific/Auckland' }),
      await activeMember(local, { days: 0 }),
    ];
    expect((await endorse(people[0]!, people[1]!.id)).statusCode).toBe(201);
    expect((await endorse(people[2]!, people[0]!.id)).statusCode).toBe(201);
    const alone = [];
    for (const person of people) alone.push(await members(person));
    const { queries } = getDatabase();
    const start = queries.length;
    const together = await Promise.all(people.map((person) => members(person)));
    expect(together).toEqual(alone);
    const statements = queries.slice(start).filter((q) => /endorsed_on/.test(q));
    expect(statements.some((q) => /unnest/.test(q))).toBe(true);
    expect(statements.length).toBeLessThan(people.length);
    const flags = (list: { user: { id: string }; endorsed_today: boolean; is_current_user: boolean }[]) =>
      people.map((p) => {
        const entry = list.find((m) => m.user.id === p.id)!;
        return [entry.endorsed_today, entry.is_current_user];
      });
    expect(flags(together[0])).toEqual([
      [false, true],
      [true, false],
      [false, false],
      [false, false],
    ]);
    expect(flags(together[2])).toEqual([
      [true, false],
      [false, false],
      [false, true],
      [false, false],
    ]);
  });

  it("uses the endorser's own day: Auckland's tomorrow allows a new endorsement", async () => {
    const kiwi = await activeMember(world, { days: 1, timeZone: 'Pacific/Auckland' });
    const mate = await activeMember(world, { days: 1 });
    now = new Date('2026-11-22T10:30:00Z'); // 23:30 on the 22nd in Auckland
    expect((await endorse(kiwi, mate.id)).json().endorsed_on).toBe('2026-11-22');
    now = new Date('2026-11-22T10:45:00Z');
    expect((await endorse(kiwi, mate.id)).statusCode).toBe(409);
    now = new Date('2026-11-22T11:30:00Z'); // 00:30 on the 23rd in Auckland
    const next = await endorse(kiwi, mate.id);
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ endorsed_on: '2026-11-23', total_endorsements: 2 });
    now = new Date('2026-11-22T12:00:00Z');
  });

  it('leaves exactly one endorsement when 20 requests race', async () => {
    const a = await activeMember(world, { days: 1 });
    const b = await activeMember(world, { days: 1 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => endorse(a, b.id)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await getDatabase().db.select().from(endorsements).where(eq(endorsements.endorsedId, b.id))).toHaveLength(1);
  });

  it('refuses self-endorsement, members without habits, strangers and bad input, writing nothing', async () => {
    const a = await activeMember(world, { days: 1 });
    const idle = await world.person();
    const other = await createWorld(getDatabase().db, issuers);
    const stranger = await activeMember(other, { days: 1 });
    const cases: [string, unknown, number, RegExp][] = [
      [a.id, 'Well done', 400, /^You cannot endorse yourself$/],
      [idle.id, 'Well done', 400, /^No active habits to endorse$/],
      [stranger.id, 'Well done', 404, /not in your cohort/],
      [randomUUID(), 'Well done', 404, /not in your cohort/],
      ['not-a-uuid', 'Well done', 400, /endorsed_user_id/],
      [idle.id, '   ', 400, /message/],
      [idle.id, 'x'.repeat(501), 400, /message/],
    ];
    for (const [id, message, status, detail] of cases) {
      const response = await endorse(a, id as string, message as string);
      expect(response.statusCode, `${id} ${message}`).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
    expect(await getDatabase().db.select().from(endorsements).where(eq(endorsements.endorserId, a.id))).toHaveLength(0);
  });

  it('answers in a constant number of queries for cohorts of 10 and 500', async () => {
    const db = getDatabase().db;
    async function cohortOf(size: number) {
      const w = await createWorld(db, issuers);
      const viewer = await activeMember(w, { days: 3 });
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: size - 1 }, (_, i) => ({
            organisationId: w.organisation.id,
            email: `m${i}-${randomUUID().slice(0, 6)}@${w.domain}`,
            fullName: `Member ${i}`,
          })),
        )
        .returning({ id: users.id });
      await db.insert(cohortMembers).values(rows.map((r) => ({ cohortId: w.cohort.id, userId: r.id })));
      const habitsRows = await db
        .insert(userHabits)
        .values(
          rows.map((r) => ({
            userId: r.id,
            habitId: w.habits[0]!.id,
            slot: 1,
            startedOn: '2026-09-01',
            targetDays: 60,
          })),
        )
        .returning({ id: userHabits.id });
      await db
        .insert(habitLogs)
        .values(
          habitsRows.flatMap((h, i) =>
            i % 2 ? [{ userHabitId: h.id, logDate: '2026-11-21', logType: 'completed' as const }] : [],
          ),
        );
      return viewer;
    }
    const small = await cohortOf(10);
    const large = await cohortOf(500);
    // Both ranked once, after both worlds exist: creating content raises the content version,
    // which a held leaderboard is confirmed by (it names habits).
    await members(small);
    await members(large);
    const { queries } = getDatabase();
    const smallCount = await countQueries(queries, () => members(small));
    const largeCount = await countQueries(queries, () => members(large));
    expect(largeCount).toBe(smallCount);
    expect(smallCount).toBeLessThanOrEqual(6);
    expect(await members(large)).toHaveLength(500);
  });
  // The standings are computed once per change and held per app (services/social/standings.service.ts): every change
  // the leaderboard shows, made anywhere (here straight in the database, as another instance
  // would), must show on the very next call, and so must a new local day.
  it('shows every change on the next call, whoever made it, and a new day', async () => {
    const { db } = getDatabase();
    const w = await createWorld(db, issuers);
    const ann = await activeMember(w, { days: 3, name: 'Ann Aalto' });
    const ben = await activeMember(w, { days: 5, name: 'Ben Berg' });
    const dashboardRank = async (member: Member) =>
      (await app.inject({ method: 'GET', url: '/api/v1/dashboard/', headers: member.headers })).json().team_widget;
    const row = async (member: Member, id: string) =>
      (await members(member)).find((m: { user: { id: string } }) => m.user.id === id);
    expect(await dashboardRank(ann)).toMatchObject({ member_count: 2, my_rank: 2 });

    // Ann's check-ins, written directly: she passes Ben.
    const [annHabit] = await db.select().from(userHabits).where(eq(userHabits.userId, ann.id));
    await db.insert(habitLogs).values(
      [-3, -4, -5].map((d) => ({
        userHabitId: annHabit!.id,
        logDate: addDays('2026-11-21', d),
        logType: 'completed' as const,
      })),
    );
    expect(await dashboardRank(ann)).toMatchObject({ my_rank: 1 });
    expect(await row(ben, ann.id)).toMatchObject({ rank: 1, total_progress_percentage: 10, current_streak: 6 });

    await db.update(users).set({ fullName: 'Ann Abbott', jobTitle: 'Director' }).where(eq(users.id, ann.id));
    expect((await row(ben, ann.id)).user).toMatchObject({ full_name: 'Ann Abbott', job_title: 'Director' });

    await db
      .insert(endorsements)
      .values({ endorserId: ben.id, endorsedId: ann.id, endorsedOn: '2026-11-22', message: 'Thanks!' });
    expect(await row(ben, ann.id)).toMatchObject({ total_endorsements: 1, endorsed_today: true });

    const cy = await w.person();
    expect(await dashboardRank(ann)).toMatchObject({ member_count: 3 });
    await db.delete(cohortMembers).where(eq(cohortMembers.userId, cy.id));
    expect(await dashboardRank(ann)).toMatchObject({ member_count: 2 });

    await db.update(userHabits).set({ status: 'ended', slot: null }).where(eq(userHabits.id, annHabit!.id));
    expect(await row(ben, ann.id)).toMatchObject({ rank: 2, total_progress_percentage: 0, active_habits: [] });

    // Ben's streak ends yesterday; two days later (Europe/London) it has lapsed, with no write at all.
    expect(await row(ann, ben.id)).toMatchObject({ current_streak: 5 });
    const before = now;
    now = new Date('2026-11-24T00:30:00Z');
    try {
      expect(await row(ann, ben.id)).toMatchObject({ current_streak: 0 });
    } finally {
      now = before;
    }
    expect(await row(ann, ben.id)).toMatchObject({ current_streak: 5 });
  });
  it('ranks a cohort once for 20 parallel first calls, and again only after a change', async () => {
    const { db, queries } = getDatabase();
    const w = await createWorld(db, issuers);
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => activeMember(w, { days: i + 1 })));
    const rankings = () => queries.filter((q) => q.includes('day_began_at')).length;
    const before = rankings();
    const lists = await Promise.all(Array.from({ length: 20 }, (_, i) => members(people[i % 4]!)));
    expect(lists.every((list) => list.length === 4)).toBe(true);
    expect(rankings() - before).toBe(1);
    await members(people[0]!);
    expect(rankings() - before).toBe(1);
    await endorse(people[0]!, people[1]!.id);
    expect(
      (await members(people[2]!)).find((m: { user: { id: string } }) => m.user.id === people[1]!.id),
    ).toMatchObject({ total_endorsements: 1 });
    expect(rankings() - before).toBe(2);
  });
});
