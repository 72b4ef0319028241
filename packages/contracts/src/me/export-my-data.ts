import { z } from 'zod';
import { ZUserRole } from '../auth/get-me.ts';

export const EXPORTS_PER_HOUR = 5;
export const TOO_MANY_EXPORTS = `You can download your data ${EXPORTS_PER_HOUR} times per hour. Please try again later.`;

// GET /api/v1/me/export?format=json|zip: everything HabiTrack holds about the caller, as one JSON
// file or as CSV files (one per section below) in a zip.
export const ZExportMyDataQuery = z.object({
  format: z.enum(['json', 'zip'], { error: 'must be json or zip' }).default('json'),
});
export type TExportMyDataQuery = z.infer<typeof ZExportMyDataQuery>;

const person = z.object({ id: z.uuid(), full_name: z.string() });

export const ZExportProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  job_title: z.string().nullable(),
  role: ZUserRole,
  // The administrator right (issue 21) and the id the organisation's directory gave them (SCIM).
  is_admin: z.boolean(),
  directory_id: z.string().nullable(),
  time_zone: z.string(),
  // Their own choice of language and the one their organisation's directory gave; null = none
  // (docs/domain/locales.md).
  chosen_locale: z.string().nullable(),
  directory_locale: z.string().nullable(),
  organisation: z.object({ id: z.uuid(), name: z.string() }),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  cohort: z.object({ id: z.uuid(), name: z.string(), programme_name: z.string() }).nullable(),
  terms_accepted_at: z.iso.datetime().nullable(),
  privacy_accepted_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  endorsements_seen_at: z.iso.datetime().nullable(),
  // Null until the member first saves their e-mail settings (everything off).
  notification_preferences: z
    .object({
      daily_reminder_enabled: z.boolean(),
      // HH:MM in the member's time zone.
      daily_reminder_time: z.string(),
      weekly_summary_enabled: z.boolean(),
    })
    .nullable(),
  sign_in_accounts: z.array(
    z.object({
      provider: z.enum(['auth0', 'azure_ad']),
      issuer: z.string(),
      subject: z.string(),
      linked_at: z.iso.datetime(),
    }),
  ),
});

export const ZExportHabit = z.object({
  id: z.uuid(),
  habit_id: z.uuid(),
  habit_name: z.string(),
  behaviour_name: z.string(),
  status: z.string(),
  started_on: z.iso.date(),
  target_days: z.number().int(),
  days_completed: z.number().int(),
  paused_days: z.number().int(),
  frame_ends_on: z.iso.date(),
  created_at: z.iso.datetime(),
});

export const ZExportHabitLog = z.object({
  id: z.uuid(),
  user_habit_id: z.uuid(),
  habit_name: z.string(),
  log_date: z.iso.date(),
  log_type: z.enum(['completed', 'skipped']),
  note: z.string().nullable(),
  positive_change: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const ZExportPause = z.object({
  id: z.uuid(),
  user_habit_id: z.uuid(),
  habit_name: z.string(),
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  created_at: z.iso.datetime(),
});

export const ZExportNotificationSent = z.object({
  kind: z.enum(['daily_reminder', 'weekly_summary']),
  // The member's local date the e-mail was for.
  local_date: z.iso.date(),
  created_at: z.iso.datetime(),
});

export const ZExportMood = z.object({
  entry_date: z.iso.date(),
  mood_value: z.number().int().min(1).max(5).nullable(),
  mood_label: z.string(),
  skipped: z.boolean(),
  created_at: z.iso.datetime(),
});

export const ZExportEndorsementGiven = z.object({
  id: z.uuid(),
  endorsed: person,
  endorsed_on: z.iso.date(),
  message: z.string(),
  created_at: z.iso.datetime(),
});

export const ZExportEndorsementReceived = z.object({
  id: z.uuid(),
  endorser: person,
  endorsed_on: z.iso.date(),
  message: z.string(),
  created_at: z.iso.datetime(),
});

export const ZMyDataExport = z.object({
  exported_at: z.iso.datetime(),
  profile: ZExportProfile,
  habits: z.array(ZExportHabit),
  habit_logs: z.array(ZExportHabitLog),
  pauses: z.array(ZExportPause),
  moods: z.array(ZExportMood),
  endorsements_given: z.array(ZExportEndorsementGiven),
  endorsements_received: z.array(ZExportEndorsementReceived),
  notifications_sent: z.array(ZExportNotificationSent),
});
export type TMyDataExport = z.infer<typeof ZMyDataExport>;
