import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { cohortMembers, habitLogs, organisations, teams, userHabits, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createCohort } from '../test/factories.ts';
import { ALL_SPEED_OFF, createTestApp, testConfig } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { countQueries, createWorld, type Member, type World } from '../test/world.ts';

// A caller read on an earlier request is known (db/speed/known-callers.ts): the hot routes then
// cost one statement, which also confirms the caller. Whatever changed about the caller since
// (deactivated, demoted, moved to another team or cohort, erased, their organisation changed)
// shows on the very next request, as a caller read afresh would.
const NOW = new Date('2026-11-22T12:00:00Z');
const FLOW = '/api/v1/auth/user-flow-status';
const DASHBOARD = '/api/v1/dashboard/';
const MEMBERS = '/api/v1/social/cohort/members';

describeEachDatabase('known callers', (getDatabase) => {
  let app: App;
  // The same database with every speed mechanism off: the answers of a caller read afresh.
  let fresh: App;
  let withoutKnownCallers: App;
  let issuers: TestIssuers;
  let world: World;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    // Known callers as configured by default: on.
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    fresh = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => NOW,
      config: { speed: ALL_SPEED_OFF },
    });
    withoutKnownCallers = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => NOW,
      config: { speed: { ...testConfig().speed, knownCallers: false } },
    });
    world = await createWorld(db(), issuers);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await fresh?.close();
    await withoutKnownCallers?.close();
  });

  const get = (on: App, member: Member, url: string) => on.inject({ method: 'GET', url, headers: member.headers });
  const answer = async (on: App, member: Member, url: string) => {
    const response = await get(on, member, url);
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const statements = (run: () => Promise<unknown>) => countQueries(getDatabase().queries, run);
  const checkIn = (on: App, member: Member, habitId: string) =>
    on.inject({
      method: 'POST',
      url: `/api/v1/habits/${habitId}/log`,
      headers: member.headers,
      payload: { log_type: 'completed' },
    });

  async function memberWithHabit(options: Parameters<World['person']>[0] = {}) {
    const member = await world.person(options);
    const [userHabit] = await db()
      .insert(userHabits)
      .values({ userId: member.id, habitId: world.habits[0]!.id, slot: 1, startedOn: '2026-11-01', targetDays: 60 })
      .returning();
    return { member, userHabit: userHabit! };
  }

  // Every hot route, twice: the routes learn that their first statement confirms the caller, and
  // the caller is known.
  async function warm(member: Member) {
    for (let i = 0; i < 2; i++) for (const url of [FLOW, DASHBOARD, MEMBERS]) await get(app, member, url);
  }

  it('answers each hot route in one statement once the caller is known, two without known callers', async () => {
    const { member, userHabit } = await memberWithHabit();
    await checkIn(app, member, userHabit.habitId);
    await warm(member);
    const history = `/api/v1/habits/${userHabit.id}/history`;
    for (let i = 0; i < 2; i++) await get(app, member, history);
    for (const url of [FLOW, DASHBOARD, MEMBERS, history]) {
      expect(await statements(() => get(app, member, url)), url).toBe(1);
      await get(withoutKnownCallers, member, url); // its own held answers
      expect(await statements(() => get(withoutKnownCallers, member, url)), url).toBe(2);
      expect(await answer(app, member, url)).toEqual(await answer(fresh, member, url));
    }
    // A check-in: one statement confirms the caller, finds their user habit and writes its log.
    await db().delete(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id));
    expect(await statements(() => checkIn(app, member, userHabit.habitId))).toBe(1);
    expect(await statements(() => checkIn(withoutKnownCallers, member, userHabit.habitId))).toBe(2);
  });

  it('refuses a deactivated caller on the very next request, and writes no check-in for them', async () => {
    const { member, userHabit } = await memberWithHabit();
    await warm(member);
    expect((await checkIn(app, member, userHabit.habitId)).statusCode).toBe(201);
    await db().delete(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id));
    await db().update(users).set({ deactivatedAt: NOW }).where(eq(users.id, member.id));
    for (const url of [FLOW, DASHBOARD, MEMBERS]) {
      expect(await answer(app, member, url), url).toMatchObject({
        status: 401,
        body: { reason: 'account_deactivated' },
      });
    }
    expect((await checkIn(app, member, userHabit.habitId)).statusCode).toBe(401);
    expect(await db().select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id))).toEqual([]);
    await db().update(users).set({ deactivatedAt: null }).where(eq(users.id, member.id));
    expect((await get(app, member, FLOW)).statusCode).toBe(200);
  });

  it('refuses a check-in on the request after the caller was deactivated, whatever route came before', async () => {
    const { member, userHabit } = await memberWithHabit();
    await warm(member);
    expect((await checkIn(app, member, userHabit.habitId)).statusCode).toBe(201);
    expect((await checkIn(app, member, userHabit.habitId)).statusCode).toBe(200);
    await db().delete(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id));
    await db().update(users).set({ deactivatedAt: NOW }).where(eq(users.id, member.id));
    expect((await checkIn(app, member, userHabit.habitId)).statusCode).toBe(401);
    expect(await db().select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id))).toEqual([]);
  });

  it('answers a demoted or promoted caller with their new role on the very next request', async () => {
    const member = await world.person({ role: 'team_leader' });
    await warm(member);
    expect((await answer(app, member, FLOW)).body).toMatchObject({ role: 'team_leader' });
    await db().update(users).set({ role: 'member' }).where(eq(users.id, member.id));
    expect((await answer(app, member, FLOW)).body).toMatchObject({ role: 'member' });
    await db().update(users).set({ role: 'leader', termsAcceptedAt: null }).where(eq(users.id, member.id));
    expect(await answer(app, member, FLOW)).toEqual(await answer(fresh, member, FLOW));
    expect((await answer(app, member, FLOW)).body).toMatchObject({ role: 'leader', navigation_path: 'terms' });
  });

  it('reads the caller afresh once when their team, name, erasure or organisation changed', async () => {
    const member = await world.person();
    const [team] = await db()
      .insert(teams)
      .values({ organisationId: world.organisation.id, name: 'Moved' })
      .returning();
    const changes = [
      () => db().update(users).set({ teamId: team!.id }).where(eq(users.id, member.id)),
      () => db().update(users).set({ fullName: 'Renamed Person' }).where(eq(users.id, member.id)),
      () => db().update(organisations).set({ name: 'Renamed Org' }).where(eq(organisations.id, world.organisation.id)),
      () => db().update(users).set({ erasedAt: NOW, fullName: 'Erased' }).where(eq(users.id, member.id)),
    ];
    await warm(member);
    for (const change of changes) {
      await change();
      // The hot statement finds the caller changed; the caller is read again and it runs again.
      expect(await statements(() => get(app, member, FLOW))).toBe(3);
      expect(await statements(() => get(app, member, FLOW))).toBe(1);
      expect(await answer(app, member, DASHBOARD)).toEqual(await answer(fresh, member, DASHBOARD));
    }
    expect((await answer(app, member, DASHBOARD)).body).toMatchObject({ user_name: 'Erased' });
  });

  it('answers a caller moved to another cohort or organisation from where they are now', async () => {
    const member = await world.person();
    await warm(member);
    const other = await createCohort(db(), { organisationId: world.organisation.id, programmeId: world.programme.id });
    await db().update(cohortMembers).set({ cohortId: other.id }).where(eq(cohortMembers.userId, member.id));
    const moved = await answer(app, member, MEMBERS);
    expect(moved).toEqual(await answer(fresh, member, MEMBERS));
    expect((moved.body as { user: { id: string } }[]).map((entry) => entry.user.id)).toEqual([member.id]);
    // Moved to another organisation (whose tenant the token does not name): refused, as afresh.
    const elsewhere = await createWorld(db(), issuers);
    await db().delete(cohortMembers).where(eq(cohortMembers.userId, member.id));
    await db().update(users).set({ organisationId: elsewhere.organisation.id }).where(eq(users.id, member.id));
    expect(await answer(app, member, FLOW)).toEqual(await answer(fresh, member, FLOW));
  });

  it('answers a removed account, and an identity now leading to another user, as afresh', async () => {
    const member = await world.person();
    await warm(member);
    const [old] = await db().select().from(users).where(eq(users.id, member.id));
    await db().delete(users).where(eq(users.id, member.id));
    for (const url of [FLOW, DASHBOARD, MEMBERS]) expect((await get(app, member, url)).statusCode, url).toBe(401);
    await db()
      .insert(users)
      .values({ ...old!, id: undefined, role: 'leader' });
    expect(await answer(app, member, FLOW)).toEqual(await answer(fresh, member, FLOW));
    expect((await answer(app, member, FLOW)).body).toMatchObject({ role: 'leader' });
  });
});
