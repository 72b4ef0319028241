import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { endorsements, habitLogs, userHabits, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { createWorld, type Member, type World } from '../test/world.ts';

// Deactivation (docs/domain/administration.md#deactivation): refused from the very next request,
// out of the leaderboard and the member count, not endorsable; the data is kept and reactivation
// restores it.
const NOW = new Date('2026-11-22T12:00:00Z');

describeEachDatabase('a deactivated user', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets, now: () => NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (member: Member, url: string) => app.inject({ method: 'GET', url, headers: member.headers });
  const setDeactivated = (member: Member, at: Date | null) =>
    getDatabase().db.update(users).set({ deactivatedAt: at }).where(eq(users.id, member.id));

  async function activeMember(world: World) {
    const member = await world.person();
    const [userHabit] = await getDatabase()
      .db.insert(userHabits)
      .values({ userId: member.id, habitId: world.habits[0]!.id, slot: 1, startedOn: '2026-11-01', targetDays: 60 })
      .returning();
    await getDatabase()
      .db.insert(habitLogs)
      .values({ userHabitId: userHabit!.id, logDate: '2026-11-21', logType: 'completed' });
    return member;
  }

  it('is refused with 401 account_deactivated on the very next request, and let in again when reactivated', async () => {
    const world = await createWorld(getDatabase().db, issuers);
    const member = await activeMember(world);
    expect((await get(member, '/api/v1/auth/user-flow-status')).statusCode).toBe(200);
    await setDeactivated(member, new Date());
    for (const url of ['/api/v1/auth/user-flow-status', '/api/v1/dashboard/', '/api/v1/social/cohort/members']) {
      const refused = await get(member, url);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'Account deactivated', reason: 'account_deactivated' });
    }
    // Nothing is written for a refused caller.
    const logs = await app.inject({
      method: 'POST',
      url: '/api/v1/habits/00000000-0000-4000-8000-000000000000/log',
      headers: member.headers,
      payload: { log_type: 'completed' },
    });
    expect(logs.statusCode).toBe(401);
    await setDeactivated(member, null);
    expect((await get(member, '/api/v1/auth/user-flow-status')).statusCode).toBe(200);
  });

  it('leaves the leaderboard and the member count, cannot be endorsed, and comes back whole', async () => {
    const world = await createWorld(getDatabase().db, issuers);
    const viewer = await activeMember(world);
    const leaver = await activeMember(world);
    const ids = async () =>
      ((await get(viewer, '/api/v1/social/cohort/members')).json() as { user: { id: string } }[]).map((m) => m.user.id);
    const memberCount = async () => (await get(viewer, '/api/v1/dashboard/')).json().team_widget?.member_count;
    expect(await ids()).toContain(leaver.id);
    expect(await memberCount()).toBe(2);
    const endorse = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/social/endorsements',
        headers: viewer.headers,
        payload: { endorsed_user_id: leaver.id, message: 'Well done' },
      });

    await setDeactivated(leaver, new Date());
    expect(await ids()).toEqual([viewer.id]);
    expect(await memberCount()).toBe(1);
    const refused = await endorse();
    expect(refused.statusCode).toBe(404);
    expect(await getDatabase().db.select().from(endorsements).where(eq(endorsements.endorsedId, leaver.id))).toEqual(
      [],
    );
    // Their data is kept.
    const [kept] = await getDatabase()
      .db.execute<{ n: number }>(
        sql`select count(*)::int as n from habit_logs l join user_habits h on h.id = l.user_habit_id where h.user_id = ${leaver.id}`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(kept!.n).toBe(1);

    await setDeactivated(leaver, null);
    expect((await ids()).sort()).toEqual([viewer.id, leaver.id].sort());
    expect(await memberCount()).toBe(2);
    expect((await endorse()).statusCode).toBe(201);
  });
});
