import type { WeekFacts, WeekHabit } from '../db/queries/notifications/sends.ts';
import { addDays } from '../lib/local-date.ts';
import { escapeHtml } from './html.ts';
import { formatLocalDate } from '../lib/i18n/formatters.ts';
import { htmlOf } from './html-message.ts';
import { textOf, type Message } from '../lib/i18n/message.ts';
import { greetingText, htmlDocument, type MailLanguage } from './mail-locale.ts';
import {
  footerHtml,
  footerText,
  linkTo,
  unsubscribeHeaders,
  type NotificationEmail,
  type UnsubscribeLinks,
} from './notification-email.ts';

// At most this many endorsements are quoted; the rest are counted.
const QUOTED_ENDORSEMENTS = 10;

const RANGE: Message = /*i18n*/ { id: 'mail.summary.range', message: '{monday} to {sunday}' };
const SUBJECT: Message = /*i18n*/ { id: 'mail.summary.subject', message: 'Your week in HabiTrack: {range}' };
const INTRO: Message = /*i18n*/ { id: 'mail.summary.intro', message: 'Here is your week, {range}.' };
const CHECK_INS: Message = /*i18n*/ { id: 'mail.summary.checkIns', message: 'Check-ins' };
const HABIT: Message = /*i18n*/ {
  id: 'mail.summary.habit',
  message: '{habit}: completed {completed, number} of {days, plural, one {# day} other {# days}}',
};
const HABIT_WITH_STREAK: Message = /*i18n*/ {
  id: 'mail.summary.habitWithStreak',
  message:
    '{habit}: completed {completed, number} of {days, plural, one {# day} other {# days}}; current streak {streak, plural, one {# day} other {# days}}',
};
const NO_HABITS: Message = /*i18n*/ { id: 'mail.summary.noHabits', message: 'You had no active habits that week.' };
const ENDORSEMENTS: Message = /*i18n*/ {
  id: 'mail.summary.endorsements',
  message: 'Endorsements received: {count, number}',
};
const ENDORSEMENT_QUOTED: Message = /*i18n*/ { id: 'mail.summary.endorsementQuoted', message: '{from}: "{message}"' };
const MORE_ENDORSEMENTS: Message = /*i18n*/ {
  id: 'mail.summary.moreEndorsements',
  message: '{count, plural, one {and # more endorsement} other {and # more endorsements}}',
};
const DASHBOARD_TEXT: Message = /*i18n*/ { id: 'mail.summary.dashboard.text', message: 'See your dashboard: {link}' };
const DASHBOARD_LINK: Message = /*i18n*/ { id: 'mail.summary.dashboard.link', message: 'See your dashboard' };
const BECAUSE: Message = /*i18n*/ {
  id: 'mail.summary.because',
  message: 'You get this e-mail because you turned on the weekly summary.',
};

// The weekly summary sent on the member's Monday, in their language: last Monday to Sunday's
// check-ins per habit, the current streaks, and the endorsements received.
export function weeklySummaryEmail(options: {
  language: MailLanguage;
  recipientName: string;
  // The Monday it is sent on; the week covered is the seven days before.
  localDate: string;
  facts: WeekFacts;
  publicUrl: string;
  links: UnsubscribeLinks;
}): NotificationEmail {
  const { facts, links, language } = options;
  const { i18n, locale } = language;
  const range = textOf(i18n, RANGE, {
    monday: formatLocalDate(locale, addDays(options.localDate, -7)),
    sunday: formatLocalDate(locale, addDays(options.localDate, -1)),
  });
  const dashboard = linkTo(options.publicUrl, '/programme/dashboard');
  const quoted = facts.endorsements.slice(-QUOTED_ENDORSEMENTS);
  const more = facts.endorsements.length - quoted.length;
  const habitLine = (habit: WeekHabit) =>
    habit.streak === null
      ? textOf(i18n, HABIT, { habit: habit.name, completed: habit.completed, days: habit.days })
      : textOf(i18n, HABIT_WITH_STREAK, {
          habit: habit.name,
          completed: habit.completed,
          days: habit.days,
          streak: habit.streak,
        });
  const endorsementLine = (e: WeekFacts['endorsements'][number]) =>
    e.message ? textOf(i18n, ENDORSEMENT_QUOTED, { from: e.from, message: e.message }) : e.from;
  const received = textOf(i18n, ENDORSEMENTS, { count: facts.endorsements.length });
  const because = textOf(i18n, BECAUSE);

  const text = [
    greetingText(language, options.recipientName),
    '',
    textOf(i18n, INTRO, { range }),
    '',
    textOf(i18n, CHECK_INS),
    ...(facts.habits.length ? facts.habits.map((h) => `- ${habitLine(h)}`) : [textOf(i18n, NO_HABITS)]),
    '',
    received,
    ...quoted.map((e) => `- ${endorsementLine(e)}`),
    ...(more > 0 ? [`- ${textOf(i18n, MORE_ENDORSEMENTS, { count: more })}`] : []),
    '',
    textOf(i18n, DASHBOARD_TEXT, { link: dashboard }),
    '',
    ...footerText(language, 'weekly_summary', because, links),
  ].join('\n');

  const html = htmlDocument(language, [
    `<p>${escapeHtml(greetingText(language, options.recipientName))}</p>`,
    `<p>${htmlOf(i18n, INTRO, { range })}</p>`,
    `<h2 style="font-size: 16px;">${htmlOf(i18n, CHECK_INS)}</h2>`,
    facts.habits.length
      ? `<ul>\n${facts.habits.map((h) => `<li>${escapeHtml(habitLine(h))}</li>`).join('\n')}\n</ul>`
      : `<p>${htmlOf(i18n, NO_HABITS)}</p>`,
    `<h2 style="font-size: 16px;">${escapeHtml(received)}</h2>`,
    ...(quoted.length
      ? [
          '<ul>',
          ...quoted.map((e) => `<li>${escapeHtml(endorsementLine(e))}</li>`),
          ...(more > 0 ? [`<li>${htmlOf(i18n, MORE_ENDORSEMENTS, { count: more })}</li>`] : []),
          '</ul>',
        ]
      : []),
    `<p><a href="${escapeHtml(dashboard)}">${htmlOf(i18n, DASHBOARD_LINK)}</a></p>`,
    footerHtml(language, 'weekly_summary', because, links),
  ]);
  return { subject: textOf(i18n, SUBJECT, { range }), text, html, headers: unsubscribeHeaders(links) };
}
