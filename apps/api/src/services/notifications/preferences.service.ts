import {
  DEFAULT_REMINDER_TIME,
  type TNotificationPreferences,
} from '@habitrack/contracts/me/get-notification-preferences';
import type { TUpdateNotificationPreferencesRequest } from '@habitrack/contracts/me/update-notification-preferences';
import type { TUnsubscribeStatus } from '@habitrack/contracts/notifications/unsubscribe';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import {
  findNotificationPreferences,
  saveNotificationPreferences,
  turnOffNotification,
  userExists,
  type StoredPreferences,
} from '../../db/queries/notifications/preferences.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { verifyUnsubscribeToken } from '../../lib/unsubscribe-token.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// The member's e-mail settings (docs/domain/notifications.md#e-mail-settings): off until turned on.
const NOTHING_SAVED: StoredPreferences = {
  dailyReminderEnabled: false,
  dailyReminderTime: DEFAULT_REMINDER_TIME,
  weeklySummaryEnabled: false,
  reminderOfferDismissed: false,
};

const toResponse = (stored: StoredPreferences, user: SignedInUser): TNotificationPreferences => ({
  daily_reminder: { enabled: stored.dailyReminderEnabled, time: stored.dailyReminderTime },
  weekly_summary: { enabled: stored.weeklySummaryEnabled },
  reminder_offer_dismissed: stored.reminderOfferDismissed,
  time_zone: user.timeZone,
});

export async function getNotificationPreferences(
  database: AppDatabase,
  options: { user: SignedInUser },
): Promise<TNotificationPreferences> {
  const db = database.db;
  return toResponse((await findNotificationPreferences(db, options.user.id)) ?? NOTHING_SAVED, options.user);
}

export async function updateNotificationPreferences(
  database: AppDatabase,
  options: { user: SignedInUser; input: TUpdateNotificationPreferencesRequest; now: Date },
): Promise<TNotificationPreferences> {
  const db = database.db;
  const { input } = options;
  const stored = await saveNotificationPreferences(db, {
    userId: options.user.id,
    dailyReminderEnabled: input.daily_reminder.enabled,
    dailyReminderTime: input.daily_reminder.time,
    weeklySummaryEnabled: input.weekly_summary.enabled,
    offerDismissed: input.reminder_offer_dismissed,
    now: options.now,
  });
  return toResponse(stored, options.user);
}

const INVALID_LINK =
  'This unsubscribe link is not valid: it may have been changed or cut short. Open the link from the e-mail again, or change your e-mail settings after signing in.';
const GONE = 'This unsubscribe link belongs to an account that no longer exists.';

// The member and kind an unsubscribe link names; 400 for a token the server did not sign.
async function linkTarget(db: DbOrTx, secret: string, token: string) {
  const target = verifyUnsubscribeToken(secret, token);
  if (!target) throw badRequest(INVALID_LINK);
  if (!(await userExists(db, target.userId))) throw notFound(GONE);
  return target;
}

// What an unsubscribe link is for, without changing anything (the page shows it first).
export async function describeUnsubscribeLink(
  database: AppDatabase,
  options: { secret: string; token: string },
): Promise<TUnsubscribeStatus> {
  const db = database.db;
  const { userId, kind } = await linkTarget(db, options.secret, options.token);
  const stored = await findNotificationPreferences(db, userId);
  const subscribed = kind === 'daily_reminder' ? !!stored?.dailyReminderEnabled : !!stored?.weeklySummaryEnabled;
  return { kind, subscribed };
}

// Turns off the one kind of e-mail the link names, for the one member it names; nothing else.
export async function unsubscribe(
  database: AppDatabase,
  options: { secret: string; token: string; now: Date },
): Promise<TUnsubscribeStatus> {
  const db = database.db;
  const { userId, kind } = await linkTarget(db, options.secret, options.token);
  await turnOffNotification(db, { userId, kind, now: options.now });
  return { kind, subscribed: false };
}
