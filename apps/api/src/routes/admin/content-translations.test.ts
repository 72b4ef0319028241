import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import {
  ADMIN,
  auditRowsOf,
  consoleCaller,
  createConsoleWorlds,
  refusedWithoutWrites,
  type ConsoleWorlds,
} from './testing/console.ts';

// Editing the translations of programme content in the console
// (docs/domain/programme-content.md#languages): the member sees the edit at once.
describeEachDatabase('administration console: content translations', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let w: ConsoleWorlds;
  const db = () => getDatabase().db;
  const send = (...args: Parameters<ReturnType<typeof consoleCaller>>) => consoleCaller(app)(...args);

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    w = await createConsoleWorlds(db(), issuers);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const behavioursInGerman = async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/programmes/${w.world.programme.id}/behaviours`,
      headers: { ...w.member.headers, 'accept-language': 'de-DE' },
    });
    return response.json();
  };

  it('adds, replaces and removes a translation, shown to the member on their next request', async () => {
    const habit = w.world.habits[0]!;
    // Read first, so the member's answer would be held if nothing confirmed it.
    expect((await behavioursInGerman())[0].habits[0].name).toBe(habit.name);

    const added = await send(w.admin, {
      method: 'PATCH',
      url: `${ADMIN}/habits/${habit.id}`,
      payload: { translations: { 'de-DE': { name: 'Zuhören üben', tips: ['Klein anfangen'] } } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      name: habit.name,
      translations: { 'de-DE': { name: 'Zuhören üben', tips: ['Klein anfangen'] } },
    });
    const german = (await behavioursInGerman())[0].habits[0];
    expect(german).toMatchObject({ name: 'Zuhören üben', tips: ['Klein anfangen'], description: habit.description });

    // A second locale leaves the first alone; giving a locale again replaces its texts.
    await send(w.admin, {
      method: 'PATCH',
      url: `${ADMIN}/habits/${habit.id}`,
      payload: { translations: { 'fr-FR': { name: 'Écouter' }, 'de-DE': { description: 'Eine kleine Übung' } } },
    });
    const shown = await send(w.admin, { method: 'GET', url: `${ADMIN}/programmes/${w.world.programme.id}` });
    const stored = shown.body.behaviours[0].habits[0];
    expect(stored.translations).toEqual({
      'de-DE': { description: 'Eine kleine Übung' },
      'fr-FR': { name: 'Écouter' },
    });
    expect((await behavioursInGerman())[0].habits[0]).toMatchObject({
      name: habit.name,
      description: 'Eine kleine Übung',
    });

    // Null removes a locale; the audit log keeps each change with its before and after.
    const removed = await send(w.admin, {
      method: 'PATCH',
      url: `${ADMIN}/habits/${habit.id}`,
      payload: { translations: { 'de-DE': null } },
    });
    expect(removed.body.translations).toEqual({ 'fr-FR': { name: 'Écouter' } });
    expect((await behavioursInGerman())[0].habits[0].description).toBe(habit.description);
    const audit = await auditRowsOf(db(), { organisationId: w.world.organisation.id, action: 'habit.update' });
    expect(audit[0]).toMatchObject({
      before: expect.objectContaining({
        translations: { 'de-DE': { description: 'Eine kleine Übung' }, 'fr-FR': { name: 'Écouter' } },
      }),
      after: expect.objectContaining({ translations: { 'fr-FR': { name: 'Écouter' } } }),
    });
  });

  it('translates the programme, a module, a behaviour and a positive change; the intro is sanitised', async () => {
    const programmeId = w.world.programme.id;
    const shown = await send(w.admin, { method: 'GET', url: `${ADMIN}/programmes/${programmeId}` });
    expect(shown.body).toMatchObject({ default_locale: 'en-GB', translations: {} });
    const moduleId = shown.body.modules[0].id;
    const behaviourId = shown.body.behaviours[1].id;
    const changeId = shown.body.behaviours[1].habits[0].positive_changes[0].id;
    const patch = async (url: string, payload: object) => {
      const answer = await send(w.admin, { method: 'PATCH', url: `${ADMIN}/${url}`, payload });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const programme = await patch(`programmes/${programmeId}`, {
      translations: {
        'de-DE': { name: 'Führungsprogramm', intro_content: '<p>Hallo</p><img src=x onerror=alert(1)>' },
      },
    });
    expect(programme.translations).toEqual({ 'de-DE': { name: 'Führungsprogramm', intro_content: '<p>Hallo</p>' } });
    await patch(`modules/${moduleId}`, { translations: { 'de-DE': { name: 'Modul 1' } } });
    await patch(`behaviours/${behaviourId}`, { translations: { 'de-DE': { name: 'Anerkennung' } } });
    await patch(`positive-changes/${changeId}`, { translations: { 'de-DE': { name: 'Vertrauen' } } });

    const headers = { ...w.member.headers, 'accept-language': 'de-DE' };
    const current = (await app.inject({ method: 'GET', url: '/api/v1/programmes/current', headers })).json();
    expect(current).toMatchObject({ name: 'Führungsprogramm', intro_content: '<p>Hallo</p>' });
    expect(current.modules[0].name).toBe('Modul 1');
    const behaviours = await behavioursInGerman();
    expect(behaviours[1].name).toBe('Anerkennung');
    expect(behaviours[1].habits[0].positive_changes[0].name).toBe('Vertrauen');
  });

  it('refuses the default language, unknown locales and texts the item lacks, changing nothing', async () => {
    const habit = w.world.habits[1]!;
    const refused = (payload: object) =>
      refusedWithoutWrites(
        db(),
        () => send(w.admin, { method: 'PATCH', url: `${ADMIN}/habits/${habit.id}`, payload }),
        400,
      );
    expect(await refused({ translations: { 'en-GB': { name: 'Listening' } } })).toMatchObject({
      detail: expect.stringContaining("en-GB is the programme's default language"),
    });
    expect(await refused({ translations: { 'xx-XX': { name: 'Hören' } } })).toMatchObject({
      detail: expect.stringContaining('translations'),
    });
    // The habit has one tip.
    expect(await refused({ translations: { 'de-DE': { tips: ['Eins', 'Zwei'] } } })).toMatchObject({
      detail: expect.stringContaining('lists 2 but the habit has 1'),
    });
    expect(await refused({ translations: { 'de-DE': { category: 'Team' } } })).toMatchObject({
      detail: expect.stringContaining('category'),
    });
    // Clearing the description leaves its translation nothing to translate.
    await send(w.admin, {
      method: 'PATCH',
      url: `${ADMIN}/habits/${habit.id}`,
      payload: { translations: { 'de-DE': { name: 'Zuhören' } } },
    });
    expect(
      await refused({ description: null, translations: { 'de-DE': { name: 'Zuhören', description: 'Klein' } } }),
    ).toMatchObject({ detail: expect.stringContaining('no description to translate') });
    // Another organisation's administrator finds nothing.
    expect(
      (
        await send(w.foreignAdmin, {
          method: 'PATCH',
          url: `${ADMIN}/habits/${habit.id}`,
          payload: { translations: { 'de-DE': { name: 'X' } } },
        })
      ).status,
    ).toBe(404);
  });
});
