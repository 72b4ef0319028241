import { z } from 'zod';

// The kinds of e-mail a member can turn on or off (docs/domain/notifications.md#e-mail-settings).
export const ZNotificationKind = z.enum(['daily_reminder', 'weekly_summary']);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

export const REMINDER_STEP_MINUTES = 15;
// What the time picker shows before the member has chosen one.
export const DEFAULT_REMINDER_TIME = '08:00';
export const REMINDER_TIME_PATTERN = /^([01][0-9]|2[0-3]):(00|15|30|45)$/;

// A local time of day in 15-minute steps, in the member's own time zone.
export const ZReminderTime = z
  .string({ error: 'must be a time of day, HH:MM' })
  .regex(REMINDER_TIME_PATTERN, { error: 'must be a time of day in 15-minute steps, HH:MM (e.g. 07:30)' });

// GET /api/v1/me/notification-preferences: the caller's e-mail settings. Everything is off until
// the member turns it on.
export const ZNotificationPreferences = z.object({
  daily_reminder: z.object({ enabled: z.boolean(), time: ZReminderTime }),
  // Monday 08:00 in the member's time zone, covering the week before.
  weekly_summary: z.object({ enabled: z.boolean() }),
  // The member dismissed the dashboard's card that offers the reminder.
  reminder_offer_dismissed: z.boolean(),
  // The IANA zone the times are in (the member's own, kept up to date by their browser).
  time_zone: z.string(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
