import type { WeekFacts, WeekHabit } from '../db/queries/notifications/sends.ts';
import { addDays } from '../lib/local-date.ts';
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

// At most this many endorsements are quoted; the rest are counted.
const QUOTED_ENDORSEMENTS = 10;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function habitLine(habit: WeekHabit): string {
  const streak = habit.streak === null ? '' : `; current streak ${plural(habit.streak, 'day')}`;
  return `${habit.name}: completed ${habit.completed} of ${plural(habit.days, 'day')}${streak}`;
}

// The weekly summary sent on the member's Monday: last Monday to Sunday's check-ins per habit,
// the current streaks, and the endorsements received.
export function weeklySummaryEmail(options: {
  recipientName: string;
  // The Monday it is sent on; the week covered is the seven days before.
  localDate: string;
  facts: WeekFacts;
  publicUrl: string;
  links: UnsubscribeLinks;
}): NotificationEmail {
  const { facts, links } = options;
  const monday = addDays(options.localDate, -7);
  const sunday = addDays(options.localDate, -1);
  const range = `Monday ${dayName(monday, false)} to Sunday ${dayName(sunday, false)}`;
  const dashboard = linkTo(options.publicUrl, '/programme/dashboard');
  const quoted = facts.endorsements.slice(-QUOTED_ENDORSEMENTS);
  const more = facts.endorsements.length - quoted.length;
  const endorsementLine = (e: WeekFacts['endorsements'][number]) => (e.message ? `${e.from}: "${e.message}"` : e.from);
  const because = 'You get this e-mail because you turned on the weekly summary.';

  const text = [
    `Hello ${options.recipientName},`,
    '',
    `Here is your week, ${range}.`,
    '',
    'Check-ins',
    ...(facts.habits.length ? facts.habits.map((h) => `- ${habitLine(h)}`) : ['You had no active habits that week.']),
    '',
    `Endorsements received: ${facts.endorsements.length}`,
    ...quoted.map((e) => `- ${endorsementLine(e)}`),
    ...(more > 0 ? [`- and ${plural(more, 'more endorsement')}`] : []),
    '',
    `See your dashboard: ${dashboard}`,
    '',
    ...footerText('weekly_summary', because, links),
  ].join('\n');

  const html = htmlDocument([
    `<p>Hello ${escapeHtml(options.recipientName)},</p>`,
    `<p>Here is your week, ${escapeHtml(range)}.</p>`,
    '<h2 style="font-size: 16px;">Check-ins</h2>',
    facts.habits.length
      ? `<ul>\n${facts.habits.map((h) => `<li>${escapeHtml(habitLine(h))}</li>`).join('\n')}\n</ul>`
      : '<p>You had no active habits that week.</p>',
    `<h2 style="font-size: 16px;">Endorsements received: ${facts.endorsements.length}</h2>`,
    ...(quoted.length
      ? [
          '<ul>',
          ...quoted.map((e) => `<li>${escapeHtml(endorsementLine(e))}</li>`),
          ...(more > 0 ? [`<li>and ${escapeHtml(plural(more, 'more endorsement'))}</li>`] : []),
          '</ul>',
        ]
      : []),
    `<p><a href="${escapeHtml(dashboard)}">See your dashboard</a></p>`,
    footerHtml('weekly_summary', because, links),
  ]);
  return { subject: `Your week in HabiTrack: ${range}`, text, html, headers: unsubscribeHeaders(links) };
}
