import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { endorsements, habitLogs, habitPauses, moodEntries, userHabits, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { ALL_SPEED_OFF, createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { createWorld, type Member, type World } from '../test/world.ts';

// The API with every speed mechanism on (shared and named statements, held answers, the verified-token
// cache) answers exactly as with all of them off (SPEED_OFF=all), request after request, as the
// data changes underneath: a held answer is always what a fresh read gives.
const NOW = new Date('2026-11-22T12:00:00Z');
const HOT = ['/api/v1/dashboard/', '/api/v1/social/cohort/members', '/api/v1/auth/user-flow-status'];

describeEachDatabase('speed mechanisms on and off', (getDatabase) => {
  let fast: App;
  let plain: App;
  let issuers: TestIssuers;
  let world: World;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    fast = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
    plain = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      now: () => NOW,
      config: { speed: ALL_SPEED_OFF },
    });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await fast.close();
    await plain.close();
  });

  async function answers(app: App, member: Member) {
    return Promise.all(
      HOT.map(async (url) => {
        const response = await app.inject({ method: 'GET', url, headers: member.headers });
        return { url, status: response.statusCode, body: response.json() };
      }),
    );
  }

  it('answers the hot routes as a fresh read does, before and after each change', async () => {
    const { db } = getDatabase();
    const members: Member[] = [];
    for (let i = 0; i < 3; i++) members.push(await world.person());
    const [userHabit] = await db
      .insert(userHabits)
      .values({
        userId: members[0]!.id,
        habitId: world.habits[0]!.id,
        slot: 1,
        startedOn: '2026-11-01',
        targetDays: 60,
      })
      .returning();
    const changes: (() => Promise<unknown>)[] = [
      async () => {},
      () => db.insert(habitLogs).values({ userHabitId: userHabit!.id, logDate: '2026-11-21', logType: 'completed' }),
      () => db.insert(moodEntries).values({ userId: members[0]!.id, entryDate: '2026-11-22', moodValue: 4 }),
      () =>
        db.insert(endorsements).values({
          endorserId: members[1]!.id,
          endorsedId: members[0]!.id,
          endorsedOn: '2026-11-22',
          message: 'Thanks for the help',
        }),
      () =>
        fast.inject({
          method: 'GET',
          url: '/api/v1/social/endorsements/received',
          headers: members[0]!.headers,
        }),
      async () => {
        const [newest] = await db.select().from(endorsements).where(eq(endorsements.endorsedId, members[0]!.id));
        await fast.inject({
          method: 'PUT',
          url: '/api/v1/social/endorsements/received/seen',
          headers: members[0]!.headers,
          payload: { newest_seen_id: newest!.id },
        });
      },
      // A forgotten day logged through the API, an older log and a past pause written straight to the
      // database (the streak runs across the paused day), and a pause of days to come.
      () =>
        fast.inject({
          method: 'POST',
          url: `/api/v1/habits/${userHabit!.id}/log`,
          headers: members[0]!.headers,
          payload: { log_type: 'completed', log_date: '2026-11-20' },
        }),
      () => db.insert(habitLogs).values({ userHabitId: userHabit!.id, logDate: '2026-11-18', logType: 'completed' }),
      () => db.insert(habitPauses).values({ userHabitId: userHabit!.id, startsOn: '2026-11-19', endsOn: '2026-11-19' }),
      () =>
        fast.inject({
          method: 'POST',
          url: `/api/v1/habits/${userHabit!.id}/pauses`,
          headers: members[0]!.headers,
          payload: { from: '2026-11-24', to: '2026-11-25' },
        }),
      () => db.update(users).set({ fullName: 'Renamed Member' }).where(eq(users.id, members[1]!.id)),
      () =>
        fast.inject({
          method: 'POST',
          url: `/api/v1/habits/${userHabit!.habitId}/log`,
          headers: members[0]!.headers,
          payload: { log_type: 'completed', note: 'Through the API' },
        }),
      () => db.update(userHabits).set({ status: 'ended', slot: null }).where(eq(userHabits.id, userHabit!.id)),
    ];
    for (const change of changes) {
      await change();
      for (const member of members) {
        // Twice on the fast app: the second answer comes from what it holds.
        await answers(fast, member);
        expect(await answers(fast, member)).toEqual(await answers(plain, member));
      }
    }
    // Requests arriving together, on both.
    const together = await Promise.all(members.map((member) => answers(fast, member)));
    expect(together).toEqual(await Promise.all(members.map((member) => answers(plain, member))));
  });
});
