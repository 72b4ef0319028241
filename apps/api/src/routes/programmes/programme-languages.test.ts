import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { behaviours, habits, modules, positiveChanges, programmes, users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member, type World } from '../../test/world.ts';

// Every text of the programme a member reads comes in their locale, else in the programme's
// default language (docs/domain/programme-content.md#languages).
describeEachDatabase('programme content in the member’s language', (getDatabase) => {
  let app: App;
  let world: World;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    world = await createWorld(getDatabase().db, issuers);
    const db = getDatabase().db;
    await db
      .update(programmes)
      .set({
        translations: { 'de-DE': { name: 'Programm für exzellente Führung', intro_content: '<p>Willkommen</p>' } },
      })
      .where(eq(programmes.id, world.programme.id));
    // Module 2 has no German name.
    await db
      .update(modules)
      .set({ translations: { 'de-DE': { name: 'Modul 1: Wirksame Kommunikation' } } })
      .where(and(eq(modules.programmeId, world.programme.id), eq(modules.position, 1)));
    await db
      .update(behaviours)
      .set({ translations: { 'de-DE': { name: 'Zuhören', description: 'Menschen ausreden lassen' } } })
      .where(eq(behaviours.id, world.behaviours[0]!.id));
    // The first habit is German; the second of the behaviour is not translated at all.
    await db
      .update(habits)
      .set({ translations: { 'de-DE': { name: 'Zuhören, Gewohnheit 1', tips: ['Klein anfangen'] } } })
      .where(eq(habits.id, world.habits[0]!.id));
    // Only the first of its positive changes is German.
    await db
      .update(positiveChanges)
      .set({ translations: { 'de-DE': { name: 'Vertrauen', category: 'Mannschaft' } } })
      .where(and(eq(positiveChanges.habitId, world.habits[0]!.id), eq(positiveChanges.position, 1)));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const get = async (member: Member, url: string, language?: string) => {
    const headers = language ? { ...member.headers, 'accept-language': language } : member.headers;
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  async function memberWithHabits(locale: string | null) {
    const member = await world.person();
    await getDatabase().db.update(users).set({ locale }).where(eq(users.id, member.id));
    const userHabitIds: string[] = [];
    for (const habit of world.habits.slice(0, 2)) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/habits/select',
        headers: member.headers,
        payload: { habit_id: habit.id },
      });
      expect(response.statusCode).toBe(201);
      userHabitIds.push(response.json().id);
    }
    return { member, userHabitIds };
  }

  it('shows a member who chose de-DE German texts, and the default where there is no translation', async () => {
    const { member, userHabitIds } = await memberWithHabits('de-DE');
    const [english, german] = [world.habits[1]!.name, 'Zuhören, Gewohnheit 1'];

    const programme = await get(member, '/api/v1/programmes/current');
    expect(programme).toMatchObject({
      name: 'Programm für exzellente Führung',
      // No German description: the default language's.
      description: 'Six weeks of small daily habits.',
      intro_content: '<p>Willkommen</p>',
      modules: [{ name: 'Modul 1: Wirksame Kommunikation' }, { name: 'Module 2: Coaching' }],
    });

    const [listening, recognition] = await get(member, `/api/v1/programmes/${world.programme.id}/behaviours`);
    expect(listening).toMatchObject({ name: 'Zuhören', description: 'Menschen ausreden lassen' });
    expect(recognition).toMatchObject({ name: 'Recognition', description: 'Notice good work' });
    expect(listening.habits.map((h: { name: string }) => h.name)).toEqual([german, english]);
    expect(listening.habits[0]).toMatchObject({
      description: 'A small daily practice',
      tips: ['Klein anfangen'],
      positive_changes: [
        { name: 'Vertrauen', category: 'Mannschaft' },
        { name: 'Clarity', category: 'Team' },
        { name: 'Energy', category: 'Team' },
      ],
    });

    const active = await get(member, '/api/v1/habits/my-active');
    expect(active.map((h: { habit: { name: string } }) => h.habit.name)).toEqual([german, english]);
    const all = await get(member, '/api/v1/habits/');
    expect(all.map((h: { name: string }) => h.name)).toContain(german);

    // A check-in reporting the translated positive change, then the dashboard.
    const trust = listening.habits[0].positive_changes[0].id;
    const logged = await app.inject({
      method: 'POST',
      url: `/api/v1/habits/${userHabitIds[0]}/log`,
      headers: member.headers,
      payload: { log_type: 'completed', positive_change_id: trust },
    });
    expect(logged.statusCode).toBeLessThan(300);
    const dashboard = await get(member, '/api/v1/dashboard/');
    expect(dashboard.active_habits.map((h: { habit_name: string }) => h.habit_name)).toEqual([german, english]);
    expect(dashboard.positive_changes_widget.changes).toEqual([
      expect.objectContaining({ name: 'Vertrauen', category: 'Mannschaft', count: 1 }),
    ]);

    const today = await get(member, `/api/v1/habits/${userHabitIds[0]}/log/today`);
    expect(today.habit.name).toBe(german);
    const history = await get(member, `/api/v1/habits/${userHabitIds[0]}/history`);
    expect(JSON.stringify(history)).toContain(german);
    expect(JSON.stringify(history)).toContain('Vertrauen');

    const cohort = await get(member, '/api/v1/social/cohort/members');
    const me = cohort.find((entry: { user: { id: string } }) => entry.user.id === member.id);
    expect(me.active_habits.map((h: { name: string }) => h.name)).toEqual([german, english]);
  });

  it('answers in the browser’s language when the member chose none, each language held apart', async () => {
    const { member } = await memberWithHabits(null);
    const german = 'Zuhören, Gewohnheit 1';
    const names = (body: { active_habits: { habit_name: string }[] }) => body.active_habits.map((h) => h.habit_name);

    expect(names(await get(member, '/api/v1/dashboard/', 'de-CH, de;q=0.9, en;q=0.5'))).toEqual([
      german,
      world.habits[1]!.name,
    ]);
    // The same member's held dashboard in German does not answer their English request.
    expect(names(await get(member, '/api/v1/dashboard/', 'en-GB'))).toEqual([
      world.habits[0]!.name,
      world.habits[1]!.name,
    ]);
    expect(names(await get(member, '/api/v1/dashboard/', 'de'))).toEqual([german, world.habits[1]!.name]);
    const cohortIn = async (language: string) =>
      (await get(member, '/api/v1/social/cohort/members', language))
        .find((entry: { user: { id: string } }) => entry.user.id === member.id)
        .active_habits.map((h: { name: string }) => h.name);
    expect(await cohortIn('de-DE')).toEqual([german, world.habits[1]!.name]);
    expect(await cohortIn('en-GB')).toEqual([world.habits[0]!.name, world.habits[1]!.name]);
  });

  it('prefers the member’s own choice to the browser, and falls back where the choice has no translation', async () => {
    const { member } = await memberWithHabits('fr-FR');
    const programme = await get(member, '/api/v1/programmes/current', 'de-DE');
    expect(programme.name).toBe('Leadership Excellence Programme');
    const dashboard = await get(member, '/api/v1/dashboard/', 'de-DE');
    expect(dashboard.active_habits[0].habit_name).toBe(world.habits[0]!.name);
  });

  it('shows a changed translation on the next request, past every held answer', async () => {
    const { member } = await memberWithHabits('de-DE');
    const read = async () => {
      const dashboard = await get(member, '/api/v1/dashboard/');
      const cohort = await get(member, '/api/v1/social/cohort/members');
      const me = cohort.find((entry: { user: { id: string } }) => entry.user.id === member.id);
      return [dashboard.active_habits[1].habit_name, me.active_habits[1].name];
    };
    expect(await read()).toEqual([world.habits[1]!.name, world.habits[1]!.name]);
    await getDatabase()
      .db.update(habits)
      .set({ translations: { 'de-DE': { name: 'Zuhören, Gewohnheit 2' } } })
      .where(eq(habits.id, world.habits[1]!.id));
    expect(await read()).toEqual(['Zuhören, Gewohnheit 2', 'Zuhören, Gewohnheit 2']);
  });
});
