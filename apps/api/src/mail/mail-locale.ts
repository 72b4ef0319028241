import type { I18n } from '@lingui/core';
import { directionOf, resolveLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import { escapeHtml } from './html.ts';
import { i18nFor } from '../lib/i18n/catalogs.ts';
import { htmlOf, markup } from './html-message.ts';
import { textOf, type Message } from '../lib/i18n/message.ts';

// Whose language an e-mail is written in (docs/domain/locales-in-mail.md): the recipient's own
// choice, else their directory's, else their organisation's default. A mail has no browser to ask,
// so no Accept-Language. Decided when the e-mail is written, which is when it is queued: the outbox
// keeps the finished message and the worker only sends it.
export function recipientLocale(recipient: {
  locale: string | null;
  directoryLocale: string | null;
  organisationDefaultLocale: string | null;
}): TSupportedLocale {
  return resolveLocale({
    chosen: recipient.locale,
    directory: recipient.directoryLocale,
    organisationDefault: recipient.organisationDefaultLocale,
  });
}

// What an e-mail is written with: its locale and that locale's messages.
export type MailLanguage = { locale: TSupportedLocale; i18n: I18n };
export const mailLanguage = (locale: TSupportedLocale): MailLanguage => ({ locale, i18n: i18nFor(locale) });

const GREETING: Message = /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' };
const THANKS: Message = /*i18n*/ { id: 'mail.thanks', message: 'Thank you,' };
const OR_OPEN: Message = /*i18n*/ { id: 'mail.orOpen', message: 'Or open {link}' };

export const greetingText = (language: MailLanguage, name: string) => textOf(language.i18n, GREETING, { name });
export const thanksText = (language: MailLanguage) => textOf(language.i18n, THANKS);
// "Or open <the link>", under a button, for mail clients that show no button.
export const orOpenHtml = (language: MailLanguage, link: string) => htmlOf(language.i18n, OR_OPEN, { link });

// The HTML document of an e-mail, in its language and direction (Arabic right to left).
export const htmlDocument = (language: MailLanguage, body: string[]) =>
  [
    '<!doctype html>',
    `<html lang="${language.locale}" dir="${directionOf(language.locale)}">`,
    '<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937;">',
    ...body,
    '</body></html>',
  ].join('\n');

// A button-like link, as the invitation and the goals-ready notice end with.
export const buttonLink = (href: string, label: string) =>
  markup(
    `<a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff;` +
      ` text-decoration: none; border-radius: 6px;">${escapeHtml(label)}</a>`,
  );
