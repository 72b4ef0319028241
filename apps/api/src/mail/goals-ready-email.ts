import { escapeHtml } from './html.ts';
import { htmlOf, markup } from './html-message.ts';
import { textOf, type Message } from '../lib/i18n/message.ts';
import { buttonLink, greetingText, htmlDocument, orOpenHtml, thanksText, type MailLanguage } from './mail-locale.ts';

export type GoalsReadyEmail = { subject: string; text: string; html: string };

const SUBJECT: Message = /*i18n*/ {
  id: 'mail.goalsReady.subject',
  message: 'Organisational goals are ready: define your department KPIs',
};
const SET: Message = /*i18n*/ {
  id: 'mail.goalsReady.set',
  message: '{leader} has set the organisational goals for {programme}.',
};
const NOW: Message = /*i18n*/ {
  id: 'mail.goalsReady.now',
  message:
    'You can now define the KPIs for your departments: for each goal, what your team will measure to show it is getting there.',
};
const DEFINE_TEXT: Message = /*i18n*/ {
  id: 'mail.goalsReady.define.text',
  message: 'Define your department KPIs: {link}',
};
const DEFINE_BUTTON: Message = /*i18n*/ { id: 'mail.goalsReady.define.button', message: 'Define your department KPIs' };
const UNTIL: Message = /*i18n*/ {
  id: 'mail.goalsReady.until',
  message: 'Goals and KPIs can be changed until the programme starts.',
};

// The subject's source text (en-GB).
export const GOALS_READY_SUBJECT = SUBJECT.message;

// The notice the team leader's waiting screen promises
// (docs/domain/dashboard-and-flow.md#waiting-for-organisational-goals), in the team leader's language.
export function goalsReadyEmail(options: {
  language: MailLanguage;
  recipientName: string;
  leaderName: string;
  programmeName: string;
  publicUrl: string;
}): GoalsReadyEmail {
  const { language } = options;
  const { i18n } = language;
  const link = `${options.publicUrl.replace(/\/+$/, '')}/team-leader/kpi-setup`;
  const values = { leader: options.leaderName, programme: options.programmeName };
  const text = [
    greetingText(language, options.recipientName),
    '',
    textOf(i18n, SET, values),
    textOf(i18n, NOW),
    '',
    textOf(i18n, DEFINE_TEXT, { link }),
    '',
    textOf(i18n, UNTIL),
    '',
    thanksText(language),
    'HabiTrack',
  ].join('\n');
  const html = htmlDocument(language, [
    `<p>${escapeHtml(greetingText(language, options.recipientName))}</p>`,
    `<p>${htmlOf(i18n, SET, { ...values, programme: markup(`<strong>${escapeHtml(options.programmeName)}</strong>`) })}</p>`,
    `<p>${htmlOf(i18n, NOW)}</p>`,
    `<p>${buttonLink(link, textOf(i18n, DEFINE_BUTTON)).html}</p>`,
    `<p style="font-size: 13px; color: #6b7280;">${orOpenHtml(language, link)}<br>`,
    `${htmlOf(i18n, UNTIL)}</p>`,
    `<p>${escapeHtml(thanksText(language))}<br>HabiTrack</p>`,
  ]);
  return { subject: textOf(i18n, SUBJECT), text, html };
}
