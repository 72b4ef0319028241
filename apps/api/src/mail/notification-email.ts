import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import { signUnsubscribeToken } from '../lib/unsubscribe-token.ts';
import { escapeHtml } from './html.ts';

// What reminders and weekly summaries share: links, the unsubscribe footer and headers.
export type NotificationEmail = { subject: string; text: string; html: string; headers: Record<string, string> };

export const linkTo = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

const WHAT: Record<TNotificationKind, string> = {
  daily_reminder: 'daily reminders',
  weekly_summary: 'the weekly summary',
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

export function footerText(kind: TNotificationKind, because: string, links: UnsubscribeLinks): string[] {
  return [because, `Change your e-mail settings: ${links.settings}`, `Unsubscribe from ${WHAT[kind]}: ${links.page}`];
}

export function footerHtml(kind: TNotificationKind, because: string, links: UnsubscribeLinks): string {
  return [
    `<p style="font-size: 13px; color: #4b5563;">${escapeHtml(because)}<br>`,
    `<a href="${escapeHtml(links.settings)}">Change your e-mail settings</a> ·`,
    ` <a href="${escapeHtml(links.page)}">Unsubscribe from ${WHAT[kind]}</a></p>`,
  ].join('\n');
}

export const htmlDocument = (body: string[]) =>
  [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937;">',
    ...body,
    '</body></html>',
  ].join('\n');

// "Monday 4 May" for a YYYY-MM-DD date, whatever the server's zone.
export function dayName(date: string, withWeekday = true): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    ...(withWeekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T00:00:00Z`));
}
