import { escapeHtml } from './html.ts';

export const GOALS_READY_SUBJECT = 'Organisational goals are ready: define your department KPIs';

export type GoalsReadyEmail = { subject: string; text: string; html: string };

// The notice the team leader's waiting screen promises
// (docs/domain/dashboard-and-flow.md#waiting-for-organisational-goals).
export function goalsReadyEmail(options: {
  recipientName: string;
  leaderName: string;
  programmeName: string;
  publicUrl: string;
}): GoalsReadyEmail {
  const link = `${options.publicUrl.replace(/\/+$/, '')}/team-leader/kpi-setup`;
  const text = [
    `Hello ${options.recipientName},`,
    '',
    `${options.leaderName} has set the organisational goals for ${options.programmeName}.`,
    'You can now define the KPIs for your departments: for each goal, what your team will',
    'measure to show it is getting there.',
    '',
    `Define your department KPIs: ${link}`,
    '',
    'Goals and KPIs can be changed until the programme starts.',
    '',
    'Thank you,',
    'HabiTrack',
  ].join('\n');
  const e = {
    recipient: escapeHtml(options.recipientName),
    leader: escapeHtml(options.leaderName),
    programme: escapeHtml(options.programmeName),
    link: escapeHtml(link),
  };
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937;">',
    `<p>Hello ${e.recipient},</p>`,
    `<p>${e.leader} has set the organisational goals for <strong>${e.programme}</strong>.</p>`,
    '<p>You can now define the KPIs for your departments: for each goal, what your team will measure to show',
    'it is getting there.</p>',
    `<p><a href="${e.link}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff;`,
    ` text-decoration: none; border-radius: 6px;">Define your department KPIs</a></p>`,
    `<p style="font-size: 13px; color: #6b7280;">Or open ${e.link}<br>`,
    'Goals and KPIs can be changed until the programme starts.</p>',
    '<p>Thank you,<br>HabiTrack</p>',
    '</body></html>',
  ].join('\n');
  return { subject: GOALS_READY_SUBJECT, text, html };
}
