import { escapeHtml } from './html.ts';
import { formatLocalDate, formatWallTime } from '../lib/i18n/formatters.ts';
import { htmlOf, markup } from './html-message.ts';
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

export type OpenHabitLink = { habitId: string; name: string };

const SUBJECT: Message = /*i18n*/ {
  id: 'mail.reminder.subject',
  message:
    '{count, plural, one {Reminder: # habit is still open today} other {Reminder: # habits are still open today}}',
};
const INTRO: Message = /*i18n*/ {
  id: 'mail.reminder.intro',
  message:
    '{count, plural, one {This habit has no check-in yet for today, {day}:} other {These habits have no check-in yet for today, {day}:}}',
};
const HABIT_TEXT: Message = /*i18n*/ { id: 'mail.reminder.habit.text', message: '{habit}: check in at {link}' };
const HABIT_HTML: Message = /*i18n*/ { id: 'mail.reminder.habit.html', message: '{habit}: {link}' };
const CHECK_IN_NOW: Message = /*i18n*/ { id: 'mail.reminder.checkInNow', message: 'Check in now' };
const MOMENT: Message = /*i18n*/ {
  id: 'mail.reminder.moment',
  message: 'It only takes a moment: open the link and say whether you did it.',
};
const BECAUSE: Message = /*i18n*/ {
  id: 'mail.reminder.because',
  message: 'You get this e-mail because you turned on a daily reminder at {time} ({timeZone}).',
};

export const dailyReminderSubject = (language: MailLanguage, open: number) =>
  textOf(language.i18n, SUBJECT, { count: open });

// The daily reminder, in the recipient's language: the habits with no check-in yet today, each
// with a link straight to its check-in (the web app's /programme/habit-track/{habitId}).
export function dailyReminderEmail(options: {
  language: MailLanguage;
  recipientName: string;
  localDate: string;
  time: string;
  timeZone: string;
  habits: OpenHabitLink[];
  publicUrl: string;
  links: UnsubscribeLinks;
}): NotificationEmail {
  const { habits, links, language } = options;
  const { i18n, locale } = language;
  const checkIn = (habit: OpenHabitLink) => linkTo(options.publicUrl, `/programme/habit-track/${habit.habitId}`);
  const day = formatLocalDate(locale, options.localDate);
  const count = habits.length;
  const because = textOf(i18n, BECAUSE, { time: formatWallTime(locale, options.time), timeZone: options.timeZone });
  const text = [
    greetingText(language, options.recipientName),
    '',
    textOf(i18n, INTRO, { count, day }),
    '',
    ...habits.map((habit) => `- ${textOf(i18n, HABIT_TEXT, { habit: habit.name, link: checkIn(habit) })}`),
    '',
    textOf(i18n, MOMENT),
    '',
    ...footerText(language, 'daily_reminder', because, links),
  ].join('\n');
  const html = htmlDocument(language, [
    `<p>${escapeHtml(greetingText(language, options.recipientName))}</p>`,
    `<p>${htmlOf(i18n, INTRO, { count, day })}</p>`,
    '<ul>',
    ...habits.map((habit) => {
      const link = markup(`<a href="${escapeHtml(checkIn(habit))}">${htmlOf(i18n, CHECK_IN_NOW)}</a>`);
      const name = markup(`<strong>${escapeHtml(habit.name)}</strong>`);
      return `<li>${htmlOf(i18n, HABIT_HTML, { habit: name, link })}</li>`;
    }),
    '</ul>',
    `<p>${htmlOf(i18n, MOMENT)}</p>`,
    footerHtml(language, 'daily_reminder', because, links),
  ]);
  return { subject: dailyReminderSubject(language, count), text, html, headers: unsubscribeHeaders(links) };
}
