import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { scimClient, type ScimClient } from './testing/scim.ts';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

// The directory's locale (docs/domain/scim.md#the-user-mapping, docs/domain/locales.md):
// preferredLanguage first, else locale; a language HabiTrack does not speak is stored as none.
describeEachDatabase('SCIM 2.0 Users: preferredLanguage and locale', (getDatabase) => {
  let app: App;
  let scim: ScimClient;

  beforeAll(async () => {
    app = await createTestApp(getDatabase());
    scim = await scimClient(app, getDatabase().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const storedLocale = async (id: string) => {
    const [row] = await getDatabase()
      .db.select({ directoryLocale: users.directoryLocale, locale: users.locale })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };
  const create = async (extra: Record<string, unknown>) => {
    const email = `lang.${randomUUID().slice(0, 8)}@${scim.domain}`;
    const created = await scim.send('POST', '/Users', scim.entraUser(email, `ext-${randomUUID()}`, extra));
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; preferredLanguage?: string; locale?: string };
  };
  const languageOf = (resource: { preferredLanguage?: string; locale?: string }) => ({
    preferredLanguage: resource.preferredLanguage,
    locale: resource.locale,
  });

  it('keeps preferredLanguage, answers it on create and on GET, and lists it', async () => {
    const created = await create({ preferredLanguage: 'de-DE' });
    expect(languageOf(created)).toEqual({ preferredLanguage: 'de-DE', locale: 'de-DE' });
    expect(await storedLocale(created.id)).toEqual({ directoryLocale: 'de-DE', locale: null });
    const read = (await scim.send('GET', `/Users/${created.id}`)).json();
    expect(read).toEqual(created);
    const listed = (
      await scim.send('GET', `/Users?filter=${encodeURIComponent(`externalId eq "${read.externalId}"`)}`)
    ).json();
    expect(listed.Resources.map(languageOf)).toEqual([{ preferredLanguage: 'de-DE', locale: 'de-DE' }]);
  });

  it('takes preferredLanguage before locale, and locale when preferredLanguage is absent', async () => {
    const both = await create({ locale: 'fr-FR', preferredLanguage: 'ja-JP' });
    expect(await storedLocale(both.id)).toEqual({ directoryLocale: 'ja-JP', locale: null });
    const localeOnly = await create({ preferredLanguage: undefined, locale: 'nl-NL' });
    expect(await storedLocale(localeOnly.id)).toEqual({ directoryLocale: 'nl-NL', locale: null });
    expect(languageOf(localeOnly)).toEqual({ preferredLanguage: 'nl-NL', locale: 'nl-NL' });
  });

  it('matches a language HabiTrack speaks in another variant by its language, and reads a list as Accept-Language', async () => {
    expect(await storedLocale((await create({ preferredLanguage: 'de-AT' })).id)).toMatchObject({
      directoryLocale: 'de-DE',
    });
    expect(await storedLocale((await create({ preferredLanguage: 'pt_PT' })).id)).toMatchObject({
      directoryLocale: 'pt-BR',
    });
    expect(await storedLocale((await create({ preferredLanguage: 'sv-SE, ar;q=0.8, fr;q=0.9' })).id)).toMatchObject({
      directoryLocale: 'fr-FR',
    });
  });

  it('stores no locale for a language HabiTrack does not speak (locale is then read), never an error', async () => {
    const unspoken = await create({ preferredLanguage: 'sv-SE' });
    expect(await storedLocale(unspoken.id)).toEqual({ directoryLocale: null, locale: null });
    expect(languageOf(unspoken)).toEqual({ preferredLanguage: undefined, locale: undefined });
    const fallback = await create({ preferredLanguage: 'fi-FI', locale: 'es-ES' });
    expect(await storedLocale(fallback.id)).toMatchObject({ directoryLocale: 'es-ES' });
    for (const value of ['xx-YY-zz', '!!', '', '  ']) {
      const odd = await create({ preferredLanguage: value });
      expect(await storedLocale(odd.id)).toMatchObject({ directoryLocale: null });
    }
    // Not text at all: the SCIM answer for a wrong value, 400 invalidValue.
    const email = `lang.${randomUUID().slice(0, 8)}@${scim.domain}`;
    const wrong = await scim.send('POST', '/Users', scim.entraUser(email, 'ext-wrong', { preferredLanguage: 42 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ scimType: 'invalidValue' });
  });

  it('changes it by PATCH as Entra ID and Okta send it, keeps it when other attributes change, clears it on remove', async () => {
    const created = await create({ preferredLanguage: 'de-DE' });
    const patch = (Operations: unknown[]) =>
      scim.send('PATCH', `/Users/${created.id}`, { schemas: [PATCH_OP], Operations });

    expect((await patch([{ op: 'Replace', path: 'title', value: 'Engineer' }])).statusCode).toBe(200);
    expect(await storedLocale(created.id)).toMatchObject({ directoryLocale: 'de-DE' });

    // Okta sends locale alone: it replaces what was kept.
    const okta = await patch([{ op: 'replace', value: { locale: 'fr-FR' } }]);
    expect(languageOf(okta.json())).toEqual({ preferredLanguage: 'fr-FR', locale: 'fr-FR' });
    expect(await storedLocale(created.id)).toMatchObject({ directoryLocale: 'fr-FR' });

    const entra = await patch([{ op: 'Replace', path: 'preferredLanguage', value: 'ar-SA' }]);
    expect(languageOf(entra.json())).toEqual({ preferredLanguage: 'ar', locale: 'ar' });

    const removed = await patch([{ op: 'Remove', path: 'preferredLanguage' }]);
    expect(languageOf(removed.json())).toEqual({ preferredLanguage: undefined, locale: undefined });
    expect(await storedLocale(created.id)).toEqual({ directoryLocale: null, locale: null });
  });

  it("PUT replaces it (absent clears it), and never touches the member's own choice", async () => {
    const created = await create({ preferredLanguage: 'de-DE' });
    await getDatabase().db.update(users).set({ locale: 'es-ES' }).where(eq(users.id, created.id));
    const read = (await scim.send('GET', `/Users/${created.id}`)).json();
    const body = { ...scim.entraUser(read.userName, read.externalId), preferredLanguage: 'ja' };
    expect((await scim.send('PUT', `/Users/${created.id}`, body)).statusCode).toBe(200);
    expect(await storedLocale(created.id)).toEqual({ directoryLocale: 'ja-JP', locale: 'es-ES' });
    const withoutLanguage = { ...scim.entraUser(read.userName, read.externalId), preferredLanguage: undefined };
    expect((await scim.send('PUT', `/Users/${created.id}`, withoutLanguage)).statusCode).toBe(200);
    expect(await storedLocale(created.id)).toEqual({ directoryLocale: null, locale: 'es-ES' });
  });

  it('lists preferredLanguage and locale among the attributes of the User schema', async () => {
    const schema = (await scim.send('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User')).json();
    const names = schema.attributes.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['preferredLanguage', 'locale']));
  });
});
