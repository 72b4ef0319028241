import type { TSupportedLocale } from '@habitrack/contracts/common/locales';
import type { WeekFacts } from '../../db/queries/notifications/sends.ts';
import { dailyReminderEmail } from '../daily-reminder-email.ts';
import { goalsReadyEmail } from '../goals-ready-email.ts';
import { invitationEmail } from '../invitation-email.ts';
import { mailLanguage } from '../mail-locale.ts';
import { unsubscribeLinks } from '../notification-email.ts';
import { weeklySummaryEmail } from '../weekly-summary-email.ts';

// The four e-mails written with fixed facts in one locale, as the golden files hold them
// (mail-locales.test.ts): the subject, the text part and the HTML part.
export const SAMPLE_URL = 'https://habitrack.example.com';
const SAMPLE_SECRET = 'sample-unsubscribe-secret-0123456789abcdef';
const SAMPLE_USER = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

export type SampleEmail = { subject: string; text: string; html: string };

const links = (kind: 'daily_reminder' | 'weekly_summary') =>
  unsubscribeLinks({ publicUrl: SAMPLE_URL, secret: SAMPLE_SECRET, userId: SAMPLE_USER, kind });

// A week with a habit still running (with its streak), one completed, and twelve endorsements: ten
// quoted, two counted.
export const SAMPLE_WEEK: WeekFacts = {
  habits: [
    { name: 'Active listening', completed: 6, days: 7, streak: 3 },
    { name: 'Weekly one-to-ones', completed: 1, days: 1, streak: null },
  ],
  endorsements: Array.from({ length: 12 }, (_, i) => ({
    from: `Colleague ${i + 1}`,
    message: i % 3 === 0 ? `Thanks for the help & the <notes> ${i + 1}` : '',
    createdAt: `2026-06-0${(i % 7) + 1}T10:00:00Z`,
  })),
};

export function sampleEmails(locale: TSupportedLocale): Record<string, SampleEmail> {
  const language = mailLanguage(locale);
  return {
    reminder: dailyReminderEmail({
      language,
      recipientName: 'Ada Lovelace',
      localDate: '2026-06-08',
      time: '07:30',
      timeZone: 'Europe/Berlin',
      habits: [
        { habitId: 'a0000000-0000-4000-8000-000000000001', name: 'Active listening' },
        { habitId: 'a0000000-0000-4000-8000-000000000002', name: 'Clear priorities' },
      ],
      publicUrl: SAMPLE_URL,
      links: links('daily_reminder'),
    }),
    'weekly-summary': weeklySummaryEmail({
      language,
      recipientName: 'Ada Lovelace',
      localDate: '2026-06-08',
      facts: SAMPLE_WEEK,
      publicUrl: SAMPLE_URL,
      links: links('weekly_summary'),
    }),
    invitation: invitationEmail({
      language,
      recipientName: 'Ada Lovelace',
      inviterName: 'Grace Hopper',
      organisationName: 'Acme & Co',
      email: 'ada@acme.example',
      publicUrl: SAMPLE_URL,
    }),
    'goals-ready': goalsReadyEmail({
      language,
      recipientName: 'Ada Lovelace',
      leaderName: 'Grace Hopper',
      programmeName: 'Leadership Excellence Programme',
      publicUrl: SAMPLE_URL,
    }),
  };
}
