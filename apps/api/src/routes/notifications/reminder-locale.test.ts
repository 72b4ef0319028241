import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { habits, notificationPreferences, organisations, users } from '../../db/schema/index.ts';
import { runNotificationsOnce } from '../../services/notifications/notifications.service.ts';
import { describeEachDatabase } from '../../test/each-database.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../../test/tokens.ts';
import { outboxFor, PUBLIC_URL, reminderMember, SECRET, settings } from './testing/reminders.ts';

// The reminder is written, when it is queued, in the member's language: their own choice, else their
// directory's, else their organisation's default (docs/domain/locales-in-mail.md); its unsubscribe
// link works whatever the language.
describeEachDatabase('reminders in the member’s language', (getDatabase) => {
  let app: App;
  let issuers: TestIssuers;

  beforeAll(async () => {
    issuers = await createTestIssuers();
    app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      config: {
        publicUrl: PUBLIC_URL,
        notifications: { scheduler: false, tickSeconds: 60, unsubscribeSecret: SECRET },
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  // Berlin, 07:30 on Monday 8 June 2026 (05:30Z), two habits open.
  const now = new Date('2026-06-08T05:30:00Z');
  async function queuedFor(locales: { chosen: string | null; directory: string | null; organisation: string }) {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, {
      timeZone: 'Europe/Berlin',
      startedOn: '2026-06-01',
      time: '07:30',
      habits: 2,
    });
    await db
      .update(users)
      .set({ locale: locales.chosen, directoryLocale: locales.directory })
      .where(eq(users.id, member.id));
    await db
      .update(organisations)
      .set({ defaultLocale: locales.organisation })
      .where(eq(organisations.id, member.world.organisation.id));
    await runNotificationsOnce(db, { ...settings, now });
    const [mail] = await outboxFor(db, member.id);
    return { member, mail: mail! };
  }

  it("names each habit in the member's language, else in the programme's default language", async () => {
    const { db } = getDatabase();
    const member = await reminderMember(db, issuers, {
      timeZone: 'Europe/Berlin',
      startedOn: '2026-06-01',
      time: '07:30',
      habits: 2,
    });
    await db.update(users).set({ locale: 'de-DE' }).where(eq(users.id, member.id));
    const [translated, untranslated] = member.habitIds;
    await db
      .update(habits)
      .set({ translations: { 'de-DE': { name: 'Täglich zuhören' } } })
      .where(eq(habits.id, translated!));
    const [english] = await db.select({ name: habits.name }).from(habits).where(eq(habits.id, untranslated!));
    await runNotificationsOnce(db, { ...settings, now });
    const [mail] = await outboxFor(db, member.id);
    expect(mail!.textBody).toContain('Täglich zuhören');
    expect(mail!.textBody).toContain(english!.name);
  });

  it("the member's choice beats the directory's, which beats the organisation's default", async () => {
    const chosen = await queuedFor({ chosen: 'de-DE', directory: 'fr-FR', organisation: 'es-ES' });
    expect(chosen.mail.subject).toBe('Erinnerung: 2 Gewohnheiten sind heute noch offen');
    expect(chosen.mail.textBody).toContain('Montag, 8. Juni');
    expect(chosen.mail.htmlBody).toContain('<html lang="de-DE" dir="ltr">');

    const directory = await queuedFor({ chosen: null, directory: 'fr-FR', organisation: 'es-ES' });
    expect(directory.mail.subject).toBe('Rappel : 2 habitudes encore ouvertes aujourd’hui');
    expect(directory.mail.textBody).toContain('lundi 8 juin');

    const organisation = await queuedFor({ chosen: null, directory: null, organisation: 'es-ES' });
    expect(organisation.mail.subject).toBe('Recordatorio: 2 hábitos siguen pendientes hoy');
    expect(organisation.mail.textBody).toContain('lunes, 8 de junio');

    const arabic = await queuedFor({ chosen: null, directory: null, organisation: 'ar' });
    expect(arabic.mail.htmlBody).toContain('<html lang="ar" dir="rtl">');
  });

  it('keeps the one-click unsubscribe working from a message in another language', async () => {
    const { db } = getDatabase();
    const { member, mail } = await queuedFor({ chosen: 'ja-JP', directory: null, organisation: 'en-GB' });
    expect(mail.textBody).toContain('毎日のリマインダーの配信を停止する: ');
    const oneClick = /^<([^>]+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const answer = await app.inject({
      method: 'POST',
      url: oneClick.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.id));
    expect(row!.dailyReminderEnabled).toBe(false);
  });
});
