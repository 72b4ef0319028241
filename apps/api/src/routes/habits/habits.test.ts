import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { userHabits } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { countQueries, createWorld, type World } from '../../test/world.ts';

describeEachDatabase('habits API', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let world: World;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    world = await createWorld(getDatabase().db, issuers);
  });
  afterAll(async () => {
    await app.close();
  });

  const select = (headers: Record<string, string>, habitId: string) =>
    app.inject({ method: 'POST', url: '/api/v1/habits/select', headers, payload: { habit_id: habitId } });

  it('selects a habit of the current programme, idempotently', async () => {
    const member = await world.person();
    const habit = world.habits[0]!;
    const first = await select(member.headers, habit.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      habit: {
        id: habit.id,
        name: habit.name,
        positive_changes: [{ name: 'Trust' }, { name: 'Clarity' }, { name: 'Energy' }],
      },
      target_days: 60,
    });
    const again = await select(member.headers, habit.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/habits/my-active', headers: member.headers });
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0]).toMatchObject({ id: first.json().id, habit: { id: habit.id } });
  });

  it('refuses a fourth active habit with 409 and a clear detail', async () => {
    const member = await world.person();
    for (const habit of world.habits.slice(0, 3)) expect((await select(member.headers, habit.id)).statusCode).toBe(201);
    const fourth = await select(member.headers, world.habits[3]!.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().detail).toMatch(/already have 3 active habits/);
    const rows = await getDatabase()
      .db.select()
      .from(userHabits)
      .where(and(eq(userHabits.userId, member.id), eq(userHabits.status, 'active')));
    expect(rows).toHaveLength(3);
  });

  it('keeps the limit when selections race: at 2 active, parallel selects leave exactly 3', async () => {
    const member = await world.person();
    for (const habit of world.habits.slice(0, 2)) await select(member.headers, habit.id);
    // Two different habits, each requested ten times at once.
    const racing = [world.habits[2]!, world.habits[3]!].flatMap((habit) =>
      Array.from({ length: 10 }, () => select(member.headers, habit.id)),
    );
    const statuses = (await Promise.all(racing)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    const rows = await getDatabase()
      .db.select()
      .from(userHabits)
      .where(and(eq(userHabits.userId, member.id), eq(userHabits.status, 'active')));
    expect(rows).toHaveLength(3);
  });

  it('answers 404 for a habit outside the caller programme and 400 for a malformed id, writing nothing', async () => {
    const member = await world.person();
    const other = await createWorld(getDatabase().db, issuers);
    const foreign = await select(member.headers, other.habits[0]!.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('This habit is not part of your current programme.');
    const malformed = await select(member.headers, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/habit_id/);
    const extraField = await app.inject({
      method: 'POST',
      url: '/api/v1/habits/select',
      headers: member.headers,
      payload: { habit_id: world.habits[0]!.id, status: 'ended' },
    });
    expect(extraField.statusCode).toBe(400);
    expect(await getDatabase().db.select().from(userHabits).where(eq(userHabits.userId, member.id))).toHaveLength(0);
  });

  it('lists every habit of the organisation as the fallback list', async () => {
    const member = await world.person({ inCohort: false });
    const response = await app.inject({ method: 'GET', url: '/api/v1/habits/', headers: member.headers });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((h: { id: string }) => h.id)
        .sort(),
    ).toEqual(world.habits.map((h) => h.id).sort());
  });

  describe('programme content', () => {
    it('serves the current programme with its modules in order', async () => {
      const member = await world.person();
      const response = await app.inject({ method: 'GET', url: '/api/v1/programmes/current', headers: member.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: world.programme.id,
        name: 'Leadership Excellence Programme',
        intro_content: '<p>Welcome</p>',
        modules: [{ name: 'Module 1: Effective Communication' }, { name: 'Module 2: Coaching' }],
      });
    });

    it('answers 404 with a sentence when the member has no cohort', async () => {
      const loner = await world.person({ inCohort: false });
      const response = await app.inject({ method: 'GET', url: '/api/v1/programmes/current', headers: loner.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toMatch(/not in a programme yet/);
    });

    it('lists behaviours with habits and changes in a constant number of queries', async () => {
      const member = await world.person();
      const url = `/api/v1/programmes/${world.programme.id}/behaviours`;
      const response = await app.inject({ method: 'GET', url, headers: member.headers });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.map((b: { name: string }) => b.name)).toEqual(['Listening', 'Recognition']);
      expect(body[0].habits).toHaveLength(2);
      expect(body[0].habits[0].positive_changes).toHaveLength(3);

      const { queries } = getDatabase();
      const small = await countQueries(queries, () => app.inject({ method: 'GET', url, headers: member.headers }));
      const big = await createWorld(getDatabase().db, issuers, { habitsPerBehaviour: 12 });
      const bigMember = await big.person();
      const bigUrl = `/api/v1/programmes/${big.programme.id}/behaviours`;
      // The first request links the sign-in identity; count a signed-in request like the first one.
      await app.inject({ method: 'GET', url: bigUrl, headers: bigMember.headers });
      const large = await countQueries(queries, () =>
        app.inject({ method: 'GET', url: bigUrl, headers: bigMember.headers }),
      );
      expect(large).toBe(small);
      expect(small).toBeLessThanOrEqual(6);
    });

    it('answers 404 for another organisation programme', async () => {
      const member = await world.person();
      const other = await createWorld(getDatabase().db, issuers);
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/programmes/${other.programme.id}/behaviours`,
        headers: member.headers,
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
