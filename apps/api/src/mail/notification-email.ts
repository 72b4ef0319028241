import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import { signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import { escapeHtml } from './html.ts';
import { htmlOf } from './html-message.ts';
import { textOf, type Message } from '../lib/i18n/message.ts';
import type { MailLanguage } from './mail-locale.ts';

// What reminders and weekly summaries share: links, the unsubscribe footer and headers.
export type NotificationEmail = { subject: string; text: string; html: string; headers: Record<string, string> };

export const linkTo = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

const SETTINGS_TEXT: Message = /*i18n*/ {
  id: 'mail.footer.settings.text',
  message: 'Change your e-mail settings: {link}',
};
const SETTINGS_LINK: Message = /*i18n*/ { id: 'mail.footer.settings.link', message: 'Change your e-mail settings' };
const UNSUBSCRIBE_TEXT: Record<TNotificationKind, Message> = {
  daily_reminder: /*i18n*/ {
    id: 'mail.footer.unsubscribe.daily.text',
    message: 'Unsubscribe from daily reminders: {link}',
  },
  weekly_summary: /*i18n*/ {
    id: 'mail.footer.unsubscribe.weekly.text',
    message: 'Unsubscribe from the weekly summary: {link}',
  },
};
const UNSUBSCRIBE_LINK: Record<TNotificationKind, Message> = {
  daily_reminder: /*i18n*/ { id: 'mail.footer.unsubscribe.daily.link', message: 'Unsubscribe from daily reminders' },
  weekly_summary: /*i18n*/ {
    id: 'mail.footer.unsubscribe.weekly.link',
    message: 'Unsubscribe from the weekly summary',
  },
};

export type UnsubscribeLinks = {
  // The web page, which works without signing in (the link in the message).
  page: string;
  // The API address mail clients POST to for one-click unsubscribe (RFC 8058).
  oneClick: string;
  settings: string;
};

export function unsubscribeLinks(options: {
  publicUrl: string;
  secret: string;
  userId: string;
  kind: TNotificationKind;
}): UnsubscribeLinks {
  const token = signUnsubscribeToken({ secret: options.secret, userId: options.userId, kind: options.kind });
  return {
    page: linkTo(options.publicUrl, `/notifications/unsubscribe?token=${token}`),
    oneClick: linkTo(options.publicUrl, `/api/v1/notifications/unsubscribe?token=${token}`),
    settings: linkTo(options.publicUrl, '/settings/notifications'),
  };
}

// RFC 2369 and RFC 8058: the mail client offers "Unsubscribe" and POSTs
// List-Unsubscribe=One-Click to the https address, no sign-in and no page in between.
export function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

// The footer's sentence saying why the e-mail came is the e-mail's own (`because`, already worded).
export function footerText(
  language: MailLanguage,
  kind: TNotificationKind,
  because: string,
  links: UnsubscribeLinks,
): string[] {
  return [
    because,
    textOf(language.i18n, SETTINGS_TEXT, { link: links.settings }),
    textOf(language.i18n, UNSUBSCRIBE_TEXT[kind], { link: links.page }),
  ];
}

export function footerHtml(
  language: MailLanguage,
  kind: TNotificationKind,
  because: string,
  links: UnsubscribeLinks,
): string {
  const link = (href: string, message: Message) =>
    `<a href="${escapeHtml(href)}">${htmlOf(language.i18n, message)}</a>`;
  return [
    `<p style="font-size: 13px; color: #4b5563;">${escapeHtml(because)}<br>`,
    `${link(links.settings, SETTINGS_LINK)} ·`,
    ` ${link(links.page, UNSUBSCRIBE_LINK[kind])}</p>`,
  ].join('\n');
}
