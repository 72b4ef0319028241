import { z } from 'zod';
import { ZReminderTime } from './get-notification-preferences.ts';

// PUT /api/v1/me/notification-preferences: replaces the caller's e-mail settings. Answers the
// settings as stored (ZNotificationPreferences).
export const ZUpdateNotificationPreferencesRequest = z.strictObject({
  daily_reminder: z.strictObject({
    enabled: z.boolean({ error: 'must be true or false' }),
    time: ZReminderTime,
  }),
  weekly_summary: z.strictObject({ enabled: z.boolean({ error: 'must be true or false' }) }),
  // Left out: unchanged. Once dismissed, the dashboard no longer offers the reminder.
  reminder_offer_dismissed: z.boolean({ error: 'must be true or false' }).optional(),
});
export type TUpdateNotificationPreferencesRequest = z.infer<typeof ZUpdateNotificationPreferencesRequest>;
