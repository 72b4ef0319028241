import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { organisations, users } from '../../db/schema/index.ts';
import { snapshotTables } from '../../imports/testing/table-snapshot.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { auditRows, caller, createAdminWorld, PEOPLE, type AdminWorld } from './testing/people.ts';

const SETTINGS = '/api/v1/admin/settings';

// The console and the people file speak for the organisation's directory: they set the directory's
// locale of a person; the console's settings hold the organisation's default (docs/domain/locales.md).
describeEachDatabase('the console and the people file: locales', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;
  let mine: AdminWorld;
  let call: ReturnType<typeof caller>;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
    call = caller(app);
    mine = await createAdminWorld(db(), issuers);
    // The first requests link the identities, before any snapshot is taken.
    await call(mine.admin, { method: 'GET', url: PEOPLE });
    await call(mine.member, { method: 'GET', url: '/api/v1/auth/me' });
  });
  afterAll(async () => {
    await app.close();
  });

  const localesOf = async (email: string) => {
    const [row] = await db()
      .select({ locale: users.locale, directoryLocale: users.directoryLocale })
      .from(users)
      .where(eq(users.email, email));
    return row;
  };
  const upload = (source: string, dryRun = false) =>
    call(mine.admin, { method: 'POST', url: `${PEOPLE}/imports`, payload: { format: 'csv', source, dry_run: dryRun } });

  it("sets a person's directory locale from the console, answers it, audits it, and clears it with null", async () => {
    const url = `${PEOPLE}/${mine.member.id}`;
    expect((await call(mine.admin, { method: 'GET', url })).body.directory_locale).toBeNull();
    const set = await call(mine.admin, { method: 'PATCH', url, payload: { directory_locale: 'nl-NL' } });
    expect(set.status).toBe(200);
    expect(set.body.directory_locale).toBe('nl-NL');
    expect(await localesOf(mine.member.email)).toEqual({ locale: null, directoryLocale: 'nl-NL' });
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: mine.member.headers });
    expect(me.json()).toMatchObject({ locale: 'nl-NL', chosen_locale: null });
    const audits = await auditRows(db(), { organisationId: mine.organisation.id, action: 'person.update' });
    expect(audits.at(-1)).toMatchObject({ before: { directory_locale: null }, after: { directory_locale: 'nl-NL' } });

    const refused = await call(mine.admin, { method: 'PATCH', url, payload: { directory_locale: 'klingon' } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/directory_locale must be one of the locales HabiTrack speaks/);
    expect(await localesOf(mine.member.email)).toEqual({ locale: null, directoryLocale: 'nl-NL' });

    const cleared = await call(mine.admin, { method: 'PATCH', url, payload: { directory_locale: null } });
    expect(cleared.body.directory_locale).toBeNull();
    expect(await localesOf(mine.member.email)).toEqual({ locale: null, directoryLocale: null });
  });

  it('reads the locale column of a CSV people file: sets it, keeps it when the cell is empty', async () => {
    const csv = (ada: string, bob: string) =>
      [
        'email,full_name,locale',
        `ada.locale@${mine.domain},Ada Lovelace,${ada}`,
        `bob.locale@${mine.domain},Bob,${bob}`,
      ].join('\n');
    const applied = await upload(csv('de_de', 'ja-JP'));
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(await localesOf(`ada.locale@${mine.domain}`)).toEqual({ locale: null, directoryLocale: 'de-DE' });
    expect(await localesOf(`bob.locale@${mine.domain}`)).toEqual({ locale: null, directoryLocale: 'ja-JP' });
    // Bob's cell is empty: he keeps his; Ada's changes.
    const again = await upload(csv('AR', ''));
    expect(again.body.counts.users).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(await localesOf(`ada.locale@${mine.domain}`)).toMatchObject({ directoryLocale: 'ar' });
    expect(await localesOf(`bob.locale@${mine.domain}`)).toMatchObject({ directoryLocale: 'ja-JP' });
    // A file without the column keeps everyone's.
    const without = await upload(`email,full_name\nada.locale@${mine.domain},Ada Lovelace\n`);
    expect(without.body.counts.users).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(await localesOf(`ada.locale@${mine.domain}`)).toMatchObject({ directoryLocale: 'ar' });
  });

  it('refuses a CSV people file with a locale HabiTrack does not speak, naming its line, and changes nothing', async () => {
    const before = await snapshotTables(db());
    const refused = await upload(
      [
        'email,full_name,locale',
        `carol.locale@${mine.domain},Carol,fr-FR`,
        `dave.locale@${mine.domain},Dave,sv-SE`,
        `erin.locale@${mine.domain},Erin,en-GB`,
      ].join('\n'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.problems).toEqual([
      {
        line: 3,
        path: 'locale',
        message: 'unknown locale "sv-SE": HabiTrack speaks en-GB, en-US, de-DE, fr-FR, es-ES, pt-BR, nl-NL, ja-JP, ar',
      },
    ]);
    expect(await snapshotTables(db())).toEqual(before);
  });

  it("answers the organisation's default locale in the settings, changes it once with an audit row, refuses an unknown one", async () => {
    const first = await call(mine.admin, { method: 'GET', url: SETTINGS });
    expect(first.body.default_locale).toBe('en-GB');
    const put = (payload: object) => call(mine.admin, { method: 'PUT', url: `${SETTINGS}/default-locale`, payload });
    const changed = await put({ default_locale: 'es-ES' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ organisation_id: mine.organisation.id, default_locale: 'es-ES' });
    expect((await call(mine.admin, { method: 'GET', url: SETTINGS })).body.default_locale).toBe('es-ES');
    const [org] = await db()
      .select({ defaultLocale: organisations.defaultLocale })
      .from(organisations)
      .where(eq(organisations.id, mine.organisation.id));
    expect(org).toEqual({ defaultLocale: 'es-ES' });
    // The same value again writes nothing.
    expect((await put({ default_locale: 'es-ES' })).status).toBe(200);
    const audits = await auditRows(db(), {
      organisationId: mine.organisation.id,
      action: 'organisation.update_default_locale',
    });
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ default_locale: 'en-GB' }, { default_locale: 'es-ES' }],
    ]);

    // A member who chose nothing, whose directory gave nothing and whose browser asks for nothing
    // HabiTrack speaks now reads Spanish.
    const [person] = await db()
      .select({ directoryLocale: users.directoryLocale, locale: users.locale })
      .from(users)
      .where(eq(users.id, mine.teamLeader.id));
    expect(person).toEqual({ directoryLocale: null, locale: null });
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { ...mine.teamLeader.headers, 'accept-language': 'sv-SE' },
    });
    expect(me.json().locale).toBe('es-ES');

    const before = await snapshotTables(db());
    for (const payload of [
      { default_locale: 'sv-SE' },
      { default_locale: null },
      {},
      { default_locale: 'de-DE', x: 1 },
    ]) {
      const refused = await put(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
    }
    expect((await put({ default_locale: 'xx' })).body.detail).toMatch(
      /default_locale must be one of the locales HabiTrack speaks/,
    );
    // Only an administrator.
    expect(
      (
        await call(mine.member, {
          method: 'PUT',
          url: `${SETTINGS}/default-locale`,
          payload: { default_locale: 'de-DE' },
        })
      ).status,
    ).toBe(403);
    expect(await snapshotTables(db())).toEqual(before);
  });
});
