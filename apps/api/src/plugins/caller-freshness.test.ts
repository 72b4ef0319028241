import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { habitLogs, moodEntries, organisations, userHabits, users } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/each-database.ts';
import { createOrganisation, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';
import { createWorld, type Member, type World } from '../test/world.ts';

// Every request reads its caller afresh (the sign-in lookups of requests arriving together share
// one statement, db/speed/). Whatever changed about the user or their organisation since an
// earlier request, anywhere, must show on the very next request, whichever way the route reaches
// the database, a removed account must be refused, and a check-in must write nothing for it.
const NOW = new Date('2026-11-22T12:00:00Z');

describeEachDatabase('the caller of every request', (getDatabase) => {
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

  const get = (member: Member, url: string) => app.inject({ method: 'GET', url, headers: member.headers });
  const flow = async (member: Member) => {
    const response = await get(member, '/api/v1/auth/user-flow-status');
    return { status: response.statusCode, body: response.json() };
  };
  const checkIn = (member: Member, habitId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/habits/${habitId}/log`,
      headers: member.headers,
      payload: { log_type: 'completed' },
    });
  async function memberWithHabit() {
    const member = await world.person();
    const [userHabit] = await getDatabase()
      .db.insert(userHabits)
      .values({ userId: member.id, habitId: world.habits[0]!.id, slot: 1, startedOn: '2026-11-01', targetDays: 60 })
      .returning();
    return { member, userHabit: userHabit! };
  }

  it('answers requests arriving together for their own callers, each as if it came alone', async () => {
    const members = [];
    for (let i = 0; i < 4; i++) members.push((await memberWithHabit()).member);
    const { db } = getDatabase();
    await db.update(users).set({ role: 'leader' }).where(eq(users.id, members[1]!.id));
    await db.update(users).set({ termsAcceptedAt: null }).where(eq(users.id, members[2]!.id));
    // Nobody provisioned has this e-mail: refused (401) while the others are answered.
    const token = await issuers.hosted({ email: `nobody-${randomUUID()}@nowhere.example` });
    const stranger = { ...members[3]!, headers: { authorization: `Bearer ${token}` } };
    const { queries } = getDatabase();
    const start = queries.length;
    const together = await Promise.all([...members, stranger].map((member) => flow(member)));
    expect(queries.slice(start).filter((q) => /from identities|join "identities"/i.test(q)).length).toBeLessThan(5);
    const alone = [];
    for (const member of [...members, stranger]) alone.push(await flow(member));
    expect(together).toEqual(alone);
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200, 401]);
    expect(together[1]!.body.role).toBe('leader');
    expect(together[2]!.body.navigation_path).toBe('terms');
  });

  it('shows a change made directly in the database on the next request', async () => {
    const { db } = getDatabase();
    const { member } = await memberWithHabit();
    expect((await flow(member)).body).toMatchObject({ role: 'member', has_accepted_terms: true });
    await db.update(users).set({ role: 'leader', termsAcceptedAt: null }).where(eq(users.id, member.id));
    expect((await flow(member)).body).toMatchObject({ role: 'leader', navigation_path: 'terms' });
    await db.update(users).set({ fullName: 'Renamed Person' }).where(eq(users.id, member.id));
    expect((await get(member, '/api/v1/dashboard/')).json().user_name).toBe('Renamed Person');
  });

  it('refuses a removed account on every hot route and writes no check-in for it', async () => {
    const { db } = getDatabase();
    const { member, userHabit } = await memberWithHabit();
    for (const url of ['/api/v1/auth/user-flow-status', '/api/v1/dashboard/', '/api/v1/social/cohort/members']) {
      expect((await get(member, url)).statusCode).toBe(200);
    }
    expect((await checkIn(member, userHabit.habitId)).statusCode).toBe(201);
    await db.delete(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id));
    await db.delete(users).where(eq(users.id, member.id));
    for (const url of ['/api/v1/auth/user-flow-status', '/api/v1/dashboard/', '/api/v1/social/cohort/members']) {
      expect((await get(member, url)).statusCode, url).toBe(401);
    }
    expect((await checkIn(member, userHabit.habitId)).statusCode).toBe(401);
    expect(await db.select().from(habitLogs).where(eq(habitLogs.userHabitId, userHabit.id))).toEqual([]);
  });

  it('answers for the new account when the same identity now leads to another user', async () => {
    const { db } = getDatabase();
    const member = await world.person();
    expect((await flow(member)).body.role).toBe('member');
    // The account is removed and provisioned again under the same e-mail, as a leader.
    const [old] = await db.select().from(users).where(eq(users.id, member.id));
    await db.delete(users).where(eq(users.id, member.id));
    const again = await createUser(db, {
      organisationId: old!.organisationId,
      email: old!.email,
      role: 'leader',
      termsAcceptedAt: NOW,
      privacyAcceptedAt: NOW,
    });
    expect(await flow(member)).toMatchObject({ status: 200, body: { role: 'leader' } });
    expect(again.id).not.toBe(member.id);
  });

  it('answers a route that is not a hot one for the caller as they are now', async () => {
    const { db } = getDatabase();
    const member = await world.person();
    const me = async () => (await get(member, '/api/v1/auth/me')).json();
    expect((await me()).full_name).not.toBe('Now Renamed');
    await db.update(users).set({ fullName: 'Now Renamed' }).where(eq(users.id, member.id));
    expect((await me()).full_name).toBe('Now Renamed');
    // Deactivated after a request: the next write is refused and writes nothing.
    await db.update(users).set({ deactivatedAt: NOW }).where(eq(users.id, member.id));
    const mood = await app.inject({
      method: 'POST',
      url: '/api/v1/mood/',
      headers: member.headers,
      payload: { mood_value: 4 },
    });
    expect(mood.statusCode).toBe(401);
    expect(mood.json().reason).toBe('account_deactivated');
    expect(await db.select().from(moodEntries).where(eq(moodEntries.userId, member.id))).toEqual([]);
  });

  it('refuses the console to an administrator on the request after they lose the right', async () => {
    const { db } = getDatabase();
    // Another administrator stays: an organisation keeps at least one.
    await world.person({ isAdmin: true, inCohort: false });
    const admin = await world.person({ isAdmin: true, inCohort: false });
    const people = () => get(admin, '/api/v1/admin/people/');
    expect((await people()).statusCode).toBe(200);
    expect((await people()).statusCode).toBe(200);
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect((await people()).statusCode).toBe(403);
  });

  it('refuses a directory account once its organisation stops trusting the tenant', async () => {
    const { db } = getDatabase();
    const tenant = randomUUID();
    const domain = `${randomUUID().slice(0, 8)}.example`;
    const organisation = await createOrganisation(db, { azureTenantIds: [tenant], emailDomains: [domain] });
    const email = `someone@${domain}`;
    await createUser(db, { organisationId: organisation.id, email, termsAcceptedAt: NOW, privacyAcceptedAt: NOW });
    const headers = { authorization: `Bearer ${await issuers.directory({ tid: tenant, oid: randomUUID(), email })}` };
    const status = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/auth/user-flow-status', headers })).statusCode;
    expect(await status()).toBe(200);
    expect(await status()).toBe(200);
    await db.update(organisations).set({ azureTenantIds: [] }).where(eq(organisations.id, organisation.id));
    expect(await status()).toBe(401);
  });
});
