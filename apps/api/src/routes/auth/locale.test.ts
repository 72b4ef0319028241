import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { organisations, users } from '../../db/schema/index.ts';
import { send } from '../../test/authorization-scene.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { createWorld, type Member } from '../../test/world.ts';

const me = '/api/v1/auth/me';
const localeUrl = '/api/v1/me/locale';

// Whose locale (docs/domain/locales.md): the member's choice, else their directory's, else the
// request's Accept-Language, else their organisation's default.
describeEachDatabase('the caller’s locale: GET /auth/me and PUT /me/locale', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), { keySets: issuers.keySets });
  });
  afterAll(async () => {
    await app.close();
  });

  async function scene(options: { chosen?: string; directory?: string; organisationDefault?: string } = {}) {
    const db = getDatabase().db;
    const world = await createWorld(db, issuers);
    const member = await world.person();
    await db
      .update(users)
      .set({ locale: options.chosen ?? null, directoryLocale: options.directory ?? null })
      .where(eq(users.id, member.id));
    if (options.organisationDefault) {
      await db
        .update(organisations)
        .set({ defaultLocale: options.organisationDefault })
        .where(eq(organisations.id, world.organisation.id));
    }
    return member;
  }
  const withLanguages = (member: Member, acceptLanguage?: string): Member => ({
    ...member,
    headers: { ...member.headers, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });
  const localeOf = async (member: Member, acceptLanguage?: string) => {
    const answer = await send(app)(withLanguages(member, acceptLanguage), { method: 'GET', url: me });
    expect(answer.status).toBe(200);
    return { locale: answer.body.locale, chosen_locale: answer.body.chosen_locale };
  };
  const stored = async (member: Member) => {
    const [row] = await getDatabase()
      .db.select({ locale: users.locale, directoryLocale: users.directoryLocale })
      .from(users)
      .where(eq(users.id, member.id));
    return row!;
  };

  it("answers the member's own choice before everything else", async () => {
    const member = await scene({ chosen: 'ja-JP', directory: 'de-DE', organisationDefault: 'fr-FR' });
    expect(await localeOf(member, 'nl-NL,nl;q=0.9')).toEqual({ locale: 'ja-JP', chosen_locale: 'ja-JP' });
  });

  it("answers the directory's locale when the member chose none, before the browser's", async () => {
    const member = await scene({ directory: 'de-DE', organisationDefault: 'fr-FR' });
    expect(await localeOf(member, 'nl-NL,nl;q=0.9')).toEqual({ locale: 'de-DE', chosen_locale: null });
  });

  it('answers the first language of Accept-Language HabiTrack speaks when neither the member nor the directory said', async () => {
    const member = await scene({ organisationDefault: 'fr-FR' });
    // Swedish is not spoken; Portuguese from Portugal is matched by its language (pt-BR).
    expect(await localeOf(member, 'sv-SE, pt-PT;q=0.8, es;q=0.5')).toEqual({ locale: 'pt-BR', chosen_locale: null });
    expect(await localeOf(member, 'es;q=0.5, ja')).toEqual({ locale: 'ja-JP', chosen_locale: null });
  });

  it("answers the organisation's default when the browser asks for nothing HabiTrack speaks, or for nothing", async () => {
    const member = await scene({ organisationDefault: 'fr-FR' });
    expect(await localeOf(member, 'sv-SE, fi;q=0.5')).toEqual({ locale: 'fr-FR', chosen_locale: null });
    expect(await localeOf(member)).toEqual({ locale: 'fr-FR', chosen_locale: null });
    // An organisation that set nothing: British English, the column's default.
    expect(await localeOf(await scene())).toEqual({ locale: 'en-GB', chosen_locale: null });
  });

  it('saves the choice, answers what the member now reads, and GET /auth/me follows it', async () => {
    const member = await scene({ directory: 'de-DE' });
    const saved = await send(app)(withLanguages(member, 'nl'), {
      method: 'PUT',
      url: localeUrl,
      payload: { locale: 'ar' },
    });
    expect(saved).toEqual({ status: 200, body: { locale: 'ar', chosen_locale: 'ar' } });
    expect(await stored(member)).toEqual({ locale: 'ar', directoryLocale: 'de-DE' });
    expect(await localeOf(member, 'nl')).toEqual({ locale: 'ar', chosen_locale: 'ar' });
  });

  it("clears the choice with null: the directory's locale applies again, and the directory's is left alone", async () => {
    const member = await scene({ chosen: 'es-ES', directory: 'de-DE' });
    const cleared = await send(app)(member, { method: 'PUT', url: localeUrl, payload: { locale: null } });
    expect(cleared).toEqual({ status: 200, body: { locale: 'de-DE', chosen_locale: null } });
    expect(await stored(member)).toEqual({ locale: null, directoryLocale: 'de-DE' });
  });

  it('refuses a locale HabiTrack does not speak with 400 naming the field, and changes nothing', async () => {
    const member = await scene({ chosen: 'es-ES' });
    for (const locale of ['sv-SE', 'de', 'DE-de', '', 42, ['de-DE']]) {
      const refused = await send(app)(member, { method: 'PUT', url: localeUrl, payload: { locale } });
      expect(refused.status, JSON.stringify(locale)).toBe(400);
      expect(refused.body.detail).toContain('locale');
      expect(refused.body.detail).toContain('must be one of the locales HabiTrack speaks');
    }
    const missing = await send(app)(member, { method: 'PUT', url: localeUrl, payload: {} });
    expect(missing.status).toBe(400);
    const extra = await send(app)(member, {
      method: 'PUT',
      url: localeUrl,
      payload: { locale: 'de-DE', user_id: member.id },
    });
    expect(extra.status).toBe(400);
    expect(await stored(member)).toEqual({ locale: 'es-ES', directoryLocale: null });
  });

  it('needs a signed-in caller', async () => {
    const refused = await send(app)(null, { method: 'PUT', url: localeUrl, payload: { locale: 'de-DE' } });
    expect(refused.status).toBe(401);
  });
});
