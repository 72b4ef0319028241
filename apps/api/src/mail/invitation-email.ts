import { escapeHtml } from './html.ts';

export const INVITATION_SUBJECT = 'You are invited to HabiTrack';

export type InvitationEmail = { subject: string; text: string; html: string };

// Sent when an administrator invites someone from the console (issue 21). The link is the app's
// sign-in page: the first sign-in with this e-mail links the account to the person.
export function invitationEmail(options: {
  recipientName: string;
  inviterName: string;
  organisationName: string;
  email: string;
  publicUrl: string;
}): InvitationEmail {
  const link = `${options.publicUrl.replace(/\/+$/, '')}/`;
  const text = [
    `Hello ${options.recipientName},`,
    '',
    `${options.inviterName} has invited you to HabiTrack for ${options.organisationName}.`,
    `Sign in with your work account (${options.email}) to start:`,
    '',
    link,
    '',
    'Thank you,',
    'HabiTrack',
  ].join('\n');
  const e = {
    recipient: escapeHtml(options.recipientName),
    inviter: escapeHtml(options.inviterName),
    organisation: escapeHtml(options.organisationName),
    email: escapeHtml(options.email),
    link: escapeHtml(link),
  };
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937;">',
    `<p>Hello ${e.recipient},</p>`,
    `<p>${e.inviter} has invited you to HabiTrack for <strong>${e.organisation}</strong>.</p>`,
    `<p>Sign in with your work account (${e.email}) to start.</p>`,
    `<p><a href="${e.link}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff;`,
    ` text-decoration: none; border-radius: 6px;">Sign in to HabiTrack</a></p>`,
    `<p style="font-size: 13px; color: #6b7280;">Or open ${e.link}</p>`,
    '<p>Thank you,<br>HabiTrack</p>',
    '</body></html>',
  ].join('\n');
  return { subject: INVITATION_SUBJECT, text, html };
}
