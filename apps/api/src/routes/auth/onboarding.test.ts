import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { habitLogs, moodEntries, organizationalGoals, userHabits, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { countQueries, createWorld, type Member, type World } from '../../test/world.ts';

// 2026-11-22 12:00 UTC: still the 22nd in London, already 01:00 on the 23rd in Auckland (UTC+13).
const NOW = new Date('2026-11-22T12:00:00Z');

describeEachDatabase('onboarding API: flow status, terms, reset', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  const flow = async (member: Member, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/user-flow-status',
      headers: { ...member.headers, ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const select = (member: Member, habitId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/habits/select',
      headers: member.headers,
      payload: { habit_id: habitId },
    });

  it('walks terms → onboarding → dashboard', async () => {
    const member = await world.person({ acceptedTerms: false });
    expect(await flow(member)).toEqual({
      navigation_path: 'terms',
      has_accepted_terms: false,
      has_active_habits: false,
      needs_mood_entry: true,
      role: 'member',
      has_organizational_goals: false,
      manageable_teams: [],
    });
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/accept-terms',
      headers: member.headers,
      payload: { accept_terms: true, accept_privacy: true },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ has_accepted_terms: true, accepted_at: NOW.toISOString() });
    expect((await flow(member)).navigation_path).toBe('onboarding');
    await select(member, world.habits[0]!.id);
    expect(await flow(member)).toMatchObject({ navigation_path: 'dashboard', has_active_habits: true });
  });

  it('refuses acceptance unless both flags are true, changing nothing', async () => {
    const member = await world.person({ acceptedTerms: false });
    for (const payload of [
      { accept_terms: true, accept_privacy: false },
      { accept_terms: true },
      { accept_terms: 'yes', accept_privacy: true },
      {},
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/accept-terms',
        headers: member.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().detail).toBe('string');
    }
    const [row] = await getDatabase().db.select().from(users).where(eq(users.id, member.id));
    expect(row!.termsAcceptedAt).toBeNull();
    expect(row!.privacyAcceptedAt).toBeNull();
  });

  it('stops asking for a mood once the member answered or skipped today, and asks again the next day', async () => {
    for (const answer of [
      { url: '/api/v1/mood/skip', payload: undefined },
      { url: '/api/v1/mood/', payload: { mood_value: 4 } },
    ]) {
      const member = await world.person({ timeZone: 'Europe/London' });
      expect((await flow(member)).needs_mood_entry).toBe(true);
      const response = await app.inject({
        method: 'POST',
        url: answer.url,
        headers: member.headers,
        ...(answer.payload ? { payload: answer.payload } : {}),
      });
      expect(response.statusCode).toBe(201);
      expect((await flow(member)).needs_mood_entry).toBe(false);
      expect((await flow(member)).needs_mood_entry).toBe(false);
      // Auckland is already on the 23rd: that day has no answer yet.
      expect((await flow(member, { 'x-time-zone': 'Pacific/Auckland' })).needs_mood_entry).toBe(true);
    }
  });

  it("needs a mood entry until today's exists, in the member's own time zone", async () => {
    const member = await world.person({ timeZone: 'Europe/London' });
    await getDatabase().db.insert(moodEntries).values({ userId: member.id, entryDate: '2026-11-22', moodValue: 4 });
    expect((await flow(member)).needs_mood_entry).toBe(false);
    // The browser reports Auckland: it is already the 23rd there, with no entry yet.
    expect((await flow(member, { 'x-time-zone': 'Pacific/Auckland' })).needs_mood_entry).toBe(true);
    const [row] = await getDatabase().db.select().from(users).where(eq(users.id, member.id));
    expect(row!.timeZone).toBe('Pacific/Auckland');
    // A zone the runtime does not know is ignored, never stored.
    await flow(member, { 'x-time-zone': 'Mars/Olympus_Mons' });
    const [after] = await getDatabase().db.select().from(users).where(eq(users.id, member.id));
    expect(after!.timeZone).toBe('Pacific/Auckland');
  });

  it('tells leaders and team leaders about goals, and lists managed teams', async () => {
    const leader = await world.person({ role: 'leader' });
    const teamLeader = await world.person({ role: 'team_leader' });
    const sales = await world.team({ name: 'Sales', managerId: teamLeader.id });
    const ops = await world.team({ name: 'Operations', managerId: teamLeader.id });
    await world.team({ name: 'Finance' });
    expect(await flow(leader)).toMatchObject({ role: 'leader', has_organizational_goals: false, manageable_teams: [] });
    await getDatabase().db.insert(organizationalGoals).values({ programmeId: world.programme.id, title: 'Grow trust' });
    expect((await flow(leader)).has_organizational_goals).toBe(true);
    expect(await flow(teamLeader)).toMatchObject({
      role: 'team_leader',
      has_organizational_goals: true,
      manageable_teams: [
        { id: ops.id, name: 'Operations', type: 'team' },
        { id: sales.id, name: 'Sales', type: 'team' },
      ],
    });
  });

  it('answers flow status requests arriving together from one statement, each with its own answer', async () => {
    const db = getDatabase().db;
    const members = [
      await world.person({ timeZone: 'Europe/London' }),
      await world.person({ timeZone: 'Pacific/Auckland' }),
      await world.person({ inCohort: false }),
      await world.person(),
      await world.person(),
    ];
    await select(members[0]!, world.habits[0]!.id);
    await select(members[1]!, world.habits[1]!.id);
    await db.insert(moodEntries).values({ userId: members[0]!.id, entryDate: '2026-11-22', moodValue: 4 });
    await db.insert(moodEntries).values({ userId: members[1]!.id, entryDate: '2026-11-22', moodValue: 4 });
    await db.update(users).set({ termsAcceptedAt: null }).where(eq(users.id, members[4]!.id));
    const alone = [];
    for (const member of members) alone.push(await flow(member));
    const { queries } = getDatabase();
    const start = queries.length;
    const together = await Promise.all(members.map((member) => flow(member)));
    expect(together).toEqual(alone);
    const statements = queries.slice(start).filter((q) => /team_managers/.test(q));
    expect(statements.some((q) => /unnest/.test(q))).toBe(true);
    expect(statements.length).toBeLessThan(members.length);
    // London has today's mood; in Auckland it is already the 23rd.
    expect(together.map((f) => [f.navigation_path, f.needs_mood_entry])).toEqual([
      ['dashboard', false],
      ['dashboard', true],
      ['onboarding', true],
      ['onboarding', true],
      ['terms', true],
    ]);
  });

  it('answers flow status in a constant number of queries', async () => {
    const member = await world.person();
    await flow(member);
    const { queries } = getDatabase();
    const before = await countQueries(queries, () => flow(member));
    for (const habit of world.habits.slice(0, 3)) await select(member, habit.id);
    const after = await countQueries(queries, () => flow(member));
    expect(after).toBe(before);
    expect(before).toBeLessThanOrEqual(3);
  });

  it("resets only the caller's own state", async () => {
    const db = getDatabase().db;
    const me = await world.person();
    const mate = await world.person();
    for (const member of [me, mate]) {
      const selected = await select(member, world.habits[0]!.id);
      await db
        .insert(habitLogs)
        .values({ userHabitId: selected.json().id, logDate: '2026-11-21', logType: 'completed' });
      await db.insert(moodEntries).values({ userId: member.id, entryDate: '2026-11-22', moodValue: 3 });
    }
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/reset-user-data', headers: me.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().removed).toEqual({ habits: 1, logs: 1, mood_entries: 1 });
    expect(await flow(me)).toMatchObject({
      navigation_path: 'terms',
      has_active_habits: false,
      needs_mood_entry: true,
    });
    expect(await db.select().from(userHabits).where(eq(userHabits.userId, mate.id))).toHaveLength(1);
    expect(await db.select().from(moodEntries).where(eq(moodEntries.userId, mate.id))).toHaveLength(1);
    expect(await flow(mate)).toMatchObject({ navigation_path: 'dashboard', needs_mood_entry: false });
  });

  it('has no reset endpoint when developer tools are off', async () => {
    const production = await createTestApp(getDatabase(), { keySets: issuers.keySets, config: { devTools: false } });
    try {
      const member = await world.person();
      const response = await production.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-user-data',
        headers: member.headers,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
