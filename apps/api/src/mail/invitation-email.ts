import { escapeHtml } from './html.ts';
import { htmlOf, markup } from './html-message.ts';
import { textOf, type Message } from '../lib/i18n/message.ts';
import { buttonLink, greetingText, htmlDocument, orOpenHtml, thanksText, type MailLanguage } from './mail-locale.ts';

export type InvitationEmail = { subject: string; text: string; html: string };

const SUBJECT: Message = /*i18n*/ { id: 'mail.invitation.subject', message: 'You are invited to HabiTrack' };
const INVITED: Message = /*i18n*/ {
  id: 'mail.invitation.invited',
  message: '{inviter} has invited you to HabiTrack for {organisation}.',
};
const SIGN_IN_TEXT: Message = /*i18n*/ {
  id: 'mail.invitation.signIn.text',
  message: 'Sign in with your work account ({email}) to start:',
};
const SIGN_IN_HTML: Message = /*i18n*/ {
  id: 'mail.invitation.signIn.html',
  message: 'Sign in with your work account ({email}) to start.',
};
const BUTTON: Message = /*i18n*/ { id: 'mail.invitation.button', message: 'Sign in to HabiTrack' };

// The subject's source text (en-GB).
export const INVITATION_SUBJECT = SUBJECT.message;

// Sent when an administrator invites someone from the console, in the invited person's language
// (their organisation's default until they choose one). The link is the app's sign-in page: the
// first sign-in with this e-mail links the account to the person.
export function invitationEmail(options: {
  language: MailLanguage;
  recipientName: string;
  inviterName: string;
  organisationName: string;
  email: string;
  publicUrl: string;
}): InvitationEmail {
  const { language } = options;
  const { i18n } = language;
  const link = `${options.publicUrl.replace(/\/+$/, '')}/`;
  const values = { inviter: options.inviterName, organisation: options.organisationName };
  const text = [
    greetingText(language, options.recipientName),
    '',
    textOf(i18n, INVITED, values),
    textOf(i18n, SIGN_IN_TEXT, { email: options.email }),
    '',
    link,
    '',
    thanksText(language),
    'HabiTrack',
  ].join('\n');
  const html = htmlDocument(language, [
    `<p>${escapeHtml(greetingText(language, options.recipientName))}</p>`,
    `<p>${htmlOf(i18n, INVITED, { ...values, organisation: markup(`<strong>${escapeHtml(options.organisationName)}</strong>`) })}</p>`,
    `<p>${htmlOf(i18n, SIGN_IN_HTML, { email: options.email })}</p>`,
    `<p>${buttonLink(link, textOf(i18n, BUTTON)).html}</p>`,
    `<p style="font-size: 13px; color: #6b7280;">${orOpenHtml(language, link)}</p>`,
    `<p>${escapeHtml(thanksText(language))}<br>HabiTrack</p>`,
  ]);
  return { subject: textOf(i18n, SUBJECT), text, html };
}
