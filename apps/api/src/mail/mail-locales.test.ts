import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import { dailyReminderSubject } from './daily-reminder-email.ts';
import { mailLanguage, recipientLocale } from './mail-locale.ts';
import { unsubscribeLinks } from './notification-email.ts';
import { sampleEmails, SAMPLE_URL } from './testing/sample-emails.ts';
import { weeklySummaryEmail } from './weekly-summary-email.ts';

// The e-mails in each shipped locale against the golden files in testing/expected/<locale>/: a
// changed word, date or layout fails here until the golden file is reviewed and updated
// (`npx vitest run apps/api/src/mail/mail-locales.test.ts -u`).
describe.each(SUPPORTED_LOCALES)('the e-mails in %s', (locale) => {
  const emails = sampleEmails(locale);
  it.each(Object.keys(emails))('%s matches its golden files', async (name) => {
    const email = emails[name]!;
    await expect(`Subject: ${email.subject}\n\n${email.text}\n`).toMatchFileSnapshot(
      `./testing/expected/${locale}/${name}.txt`,
    );
    await expect(`${email.html}\n`).toMatchFileSnapshot(`./testing/expected/${locale}/${name}.html`);
  });

  it('says its language and direction in the HTML', () => {
    const dir = locale === 'ar' ? 'rtl' : 'ltr';
    for (const email of Object.values(emails)) expect(email.html).toContain(`<html lang="${locale}" dir="${dir}">`);
  });
});

// The counted phrases at 0, 1, 2, 5, 21 and 101: the reminder's subject (open habits), and the
// summary's days, streak and further endorsements. Each locale chooses its own plural form (Arabic
// has six, Japanese one).
const COUNTS = [0, 1, 2, 5, 21, 101];

function countedPhrases(locale: TSupportedLocale, n: number) {
  const language = mailLanguage(locale);
  const summary = weeklySummaryEmail({
    language,
    recipientName: 'Ada',
    localDate: '2026-06-08',
    facts: {
      habits: [{ name: 'H', completed: 0, days: n, streak: n }],
      endorsements: Array.from({ length: 10 + n }, (_, i) => ({ from: `P${i}`, message: '', createdAt: '' })),
    },
    publicUrl: SAMPLE_URL,
    links: unsubscribeLinks({ publicUrl: SAMPLE_URL, secret: 's', userId: 'u', kind: 'weekly_summary' }),
  });
  const lines = summary.text.split('\n');
  // The counted line follows the last quoted endorsement (the last ten are quoted).
  const afterQuoted = lines.indexOf(`- P${9 + n}`) + 1;
  return {
    subject: dailyReminderSubject(language, n),
    habit: lines.find((line) => line.startsWith('- H'))!.slice(2),
    more: n > 0 ? lines[afterQuoted]!.slice(2) : null,
  };
}

const EXPECTED: Partial<
  Record<TSupportedLocale, Record<number, { subject: string; habit: string; more: string | null }>>
> = {
  'en-GB': {
    0: {
      subject: 'Reminder: 0 habits are still open today',
      habit: 'H: completed 0 of 0 days; current streak 0 days',
      more: null,
    },
    1: {
      subject: 'Reminder: 1 habit is still open today',
      habit: 'H: completed 0 of 1 day; current streak 1 day',
      more: 'and 1 more endorsement',
    },
    2: {
      subject: 'Reminder: 2 habits are still open today',
      habit: 'H: completed 0 of 2 days; current streak 2 days',
      more: 'and 2 more endorsements',
    },
    5: {
      subject: 'Reminder: 5 habits are still open today',
      habit: 'H: completed 0 of 5 days; current streak 5 days',
      more: 'and 5 more endorsements',
    },
    21: {
      subject: 'Reminder: 21 habits are still open today',
      habit: 'H: completed 0 of 21 days; current streak 21 days',
      more: 'and 21 more endorsements',
    },
    101: {
      subject: 'Reminder: 101 habits are still open today',
      habit: 'H: completed 0 of 101 days; current streak 101 days',
      more: 'and 101 more endorsements',
    },
  },
  'de-DE': {
    0: {
      subject: 'Erinnerung: 0 Gewohnheiten sind heute noch offen',
      habit: 'H: an 0 von 0 Tagen erledigt; aktuelle Serie: 0 Tage',
      more: null,
    },
    1: {
      subject: 'Erinnerung: 1 Gewohnheit ist heute noch offen',
      habit: 'H: an 0 von 1 Tag erledigt; aktuelle Serie: 1 Tag',
      more: 'und 1 weitere Anerkennung',
    },
    2: {
      subject: 'Erinnerung: 2 Gewohnheiten sind heute noch offen',
      habit: 'H: an 0 von 2 Tagen erledigt; aktuelle Serie: 2 Tage',
      more: 'und 2 weitere Anerkennungen',
    },
    5: {
      subject: 'Erinnerung: 5 Gewohnheiten sind heute noch offen',
      habit: 'H: an 0 von 5 Tagen erledigt; aktuelle Serie: 5 Tage',
      more: 'und 5 weitere Anerkennungen',
    },
    21: {
      subject: 'Erinnerung: 21 Gewohnheiten sind heute noch offen',
      habit: 'H: an 0 von 21 Tagen erledigt; aktuelle Serie: 21 Tage',
      more: 'und 21 weitere Anerkennungen',
    },
    101: {
      subject: 'Erinnerung: 101 Gewohnheiten sind heute noch offen',
      habit: 'H: an 0 von 101 Tagen erledigt; aktuelle Serie: 101 Tage',
      more: 'und 101 weitere Anerkennungen',
    },
  },
  'fr-FR': {
    0: {
      subject: 'Rappel : 0 habitude encore ouverte aujourd’hui',
      habit: 'H : accomplie 0 fois sur 0 jour ; série en cours : 0 jour',
      more: null,
    },
    1: {
      subject: 'Rappel : 1 habitude encore ouverte aujourd’hui',
      habit: 'H : accomplie 0 fois sur 1 jour ; série en cours : 1 jour',
      more: 'et 1 autre reconnaissance',
    },
    2: {
      subject: 'Rappel : 2 habitudes encore ouvertes aujourd’hui',
      habit: 'H : accomplie 0 fois sur 2 jours ; série en cours : 2 jours',
      more: 'et 2 autres reconnaissances',
    },
    5: {
      subject: 'Rappel : 5 habitudes encore ouvertes aujourd’hui',
      habit: 'H : accomplie 0 fois sur 5 jours ; série en cours : 5 jours',
      more: 'et 5 autres reconnaissances',
    },
    21: {
      subject: 'Rappel : 21 habitudes encore ouvertes aujourd’hui',
      habit: 'H : accomplie 0 fois sur 21 jours ; série en cours : 21 jours',
      more: 'et 21 autres reconnaissances',
    },
    101: {
      subject: 'Rappel : 101 habitudes encore ouvertes aujourd’hui',
      habit: 'H : accomplie 0 fois sur 101 jours ; série en cours : 101 jours',
      more: 'et 101 autres reconnaissances',
    },
  },
  ar: {
    0: {
      subject: 'تذكير: لا توجد عادات مفتوحة اليوم',
      habit: 'H: أُنجزت في 0 من 0 يوم؛ السلسلة المتتالية الحالية: 0 يوم',
      more: null,
    },
    1: {
      subject: 'تذكير: عادة واحدة لا تزال مفتوحة اليوم',
      habit: 'H: أُنجزت في 0 من يوم واحد؛ السلسلة المتتالية الحالية: يوم واحد',
      more: 'وإشادة واحدة أخرى',
    },
    2: {
      subject: 'تذكير: عادتان لا تزالان مفتوحتين اليوم',
      habit: 'H: أُنجزت في 0 من يومين؛ السلسلة المتتالية الحالية: يومان',
      more: 'وإشادتان أخريان',
    },
    5: {
      subject: 'تذكير: 5 عادات لا تزال مفتوحة اليوم',
      habit: 'H: أُنجزت في 0 من 5 أيام؛ السلسلة المتتالية الحالية: 5 أيام',
      more: 'و5 إشادات أخرى',
    },
    21: {
      subject: 'تذكير: 21 عادة لا تزال مفتوحة اليوم',
      habit: 'H: أُنجزت في 0 من 21 يومًا؛ السلسلة المتتالية الحالية: 21 يومًا',
      more: 'و21 إشادة أخرى',
    },
    101: {
      subject: 'تذكير: 101 عادة لا تزال مفتوحة اليوم',
      habit: 'H: أُنجزت في 0 من 101 يوم؛ السلسلة المتتالية الحالية: 101 يوم',
      more: 'و101 إشادة أخرى',
    },
  },
  'ja-JP': {
    0: {
      subject: 'リマインダー: 今日まだ 0 件の習慣が未完了です',
      habit: 'H: 0 日中 0 日達成、現在の連続記録 0 日',
      more: null,
    },
    1: {
      subject: 'リマインダー: 今日まだ 1 件の習慣が未完了です',
      habit: 'H: 1 日中 0 日達成、現在の連続記録 1 日',
      more: 'ほか 1 件の称賛',
    },
    2: {
      subject: 'リマインダー: 今日まだ 2 件の習慣が未完了です',
      habit: 'H: 2 日中 0 日達成、現在の連続記録 2 日',
      more: 'ほか 2 件の称賛',
    },
    5: {
      subject: 'リマインダー: 今日まだ 5 件の習慣が未完了です',
      habit: 'H: 5 日中 0 日達成、現在の連続記録 5 日',
      more: 'ほか 5 件の称賛',
    },
    21: {
      subject: 'リマインダー: 今日まだ 21 件の習慣が未完了です',
      habit: 'H: 21 日中 0 日達成、現在の連続記録 21 日',
      more: 'ほか 21 件の称賛',
    },
    101: {
      subject: 'リマインダー: 今日まだ 101 件の習慣が未完了です',
      habit: 'H: 101 日中 0 日達成、現在の連続記録 101 日',
      more: 'ほか 101 件の称賛',
    },
  },
};

describe('counted phrases', () => {
  it.each(Object.keys(EXPECTED) as TSupportedLocale[])('take the plural form %s gives each count', (locale) => {
    for (const n of COUNTS) expect({ n, ...countedPhrases(locale, n) }).toEqual({ n, ...EXPECTED[locale]![n] });
  });

  // The other locales' forms are in a golden file each; every count's phrase must name its number
  // (or, where a language words one and two, differ from the others' pattern).
  it.each(SUPPORTED_LOCALES)('in %s match their golden file', async (locale) => {
    const lines = COUNTS.map((n) => {
      const phrases = countedPhrases(locale, n);
      return [`${n}`, phrases.subject, phrases.habit, phrases.more ?? '-'].join(' | ');
    });
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot(`./testing/expected/${locale}/plurals.txt`);
  });
});

describe('whose language an e-mail is written in', () => {
  it("is the recipient's choice, else the directory's, else the organisation's default", () => {
    expect(recipientLocale({ locale: 'de-DE', directoryLocale: 'fr-FR', organisationDefaultLocale: 'es-ES' })).toBe(
      'de-DE',
    );
    expect(recipientLocale({ locale: null, directoryLocale: 'fr-FR', organisationDefaultLocale: 'es-ES' })).toBe(
      'fr-FR',
    );
    expect(recipientLocale({ locale: null, directoryLocale: null, organisationDefaultLocale: 'es-ES' })).toBe('es-ES');
    // A stored value HabiTrack no longer ships is passed over.
    expect(recipientLocale({ locale: 'xx-XX', directoryLocale: null, organisationDefaultLocale: 'ja-JP' })).toBe(
      'ja-JP',
    );
  });
});
