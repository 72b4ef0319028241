import {
  dayName,
  footerHtml,
  footerText,
  htmlDocument,
  linkTo,
  unsubscribeHeaders,
  type NotificationEmail,
  type UnsubscribeLinks,
} from './notification-email.ts';
import { escapeHtml } from './html.ts';

export type OpenHabitLink = { habitId: string; name: string };

export const dailyReminderSubject = (open: number) =>
  `Reminder: ${open} ${open === 1 ? 'habit is' : 'habits are'} still open today`;

// The daily reminder: the habits with no check-in yet today, each with a link straight to its
// check-in (the web app's /programme/habit-track/{habitId}).
export function dailyReminderEmail(options: {
  recipientName: string;
  localDate: string;
  time: string;
  timeZone: string;
  habits: OpenHabitLink[];
  publicUrl: string;
  links: UnsubscribeLinks;
}): NotificationEmail {
  const { habits, links } = options;
  const checkIn = (habit: OpenHabitLink) => linkTo(options.publicUrl, `/programme/habit-track/${habit.habitId}`);
  const day = dayName(options.localDate);
  const because = `You get this e-mail because you turned on a daily reminder at ${options.time} (${options.timeZone}).`;
  const text = [
    `Hello ${options.recipientName},`,
    '',
    `${habits.length === 1 ? 'This habit has' : 'These habits have'} no check-in yet for today, ${day}:`,
    '',
    ...habits.map((habit) => `- ${habit.name}: check in at ${checkIn(habit)}`),
    '',
    'It only takes a moment: open the link and say whether you did it.',
    '',
    ...footerText('daily_reminder', because, links),
  ].join('\n');
  const html = htmlDocument([
    `<p>Hello ${escapeHtml(options.recipientName)},</p>`,
    `<p>${habits.length === 1 ? 'This habit has' : 'These habits have'} no check-in yet for today, ${escapeHtml(day)}:</p>`,
    '<ul>',
    ...habits.map(
      (habit) =>
        `<li><strong>${escapeHtml(habit.name)}</strong>: <a href="${escapeHtml(checkIn(habit))}">Check in now</a></li>`,
    ),
    '</ul>',
    '<p>It only takes a moment: open the link and say whether you did it.</p>',
    footerHtml('daily_reminder', because, links),
  ]);
  return { subject: dailyReminderSubject(habits.length), text, html, headers: unsubscribeHeaders(links) };
}
