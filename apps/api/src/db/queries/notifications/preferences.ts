import { and, eq, sql } from 'drizzle-orm';
import type { TNotificationKind } from '@habitrack/contracts/me/get-notification-preferences';
import type { DbOrTx } from '../../client.ts';
import { notificationPreferences, users } from '../../schema/index.ts';

export type StoredPreferences = {
  dailyReminderEnabled: boolean;
  // HH:MM
  dailyReminderTime: string;
  weeklySummaryEnabled: boolean;
  reminderOfferDismissed: boolean;
};

const columns = {
  dailyReminderEnabled: notificationPreferences.dailyReminderEnabled,
  dailyReminderTime: sql<string>`to_char(${notificationPreferences.dailyReminderTime}, 'HH24:MI')`,
  weeklySummaryEnabled: notificationPreferences.weeklySummaryEnabled,
  reminderOfferDismissed: sql<boolean>`${notificationPreferences.reminderOfferDismissedAt} is not null`,
};

// Null when the member never saved any (everything off).
export async function findNotificationPreferences(db: DbOrTx, userId: string): Promise<StoredPreferences | null> {
  const [row] = await db
    .select(columns)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

// Creates or replaces the member's settings. offerDismissed undefined keeps what is stored; true
// keeps the first dismissal's time.
export async function saveNotificationPreferences(
  db: DbOrTx,
  options: {
    userId: string;
    dailyReminderEnabled: boolean;
    dailyReminderTime: string;
    weeklySummaryEnabled: boolean;
    offerDismissed: boolean | undefined;
    now: Date;
  },
): Promise<StoredPreferences> {
  const dismissedAt = options.offerDismissed ? options.now : null;
  const stored = notificationPreferences.reminderOfferDismissedAt;
  const [row] = await db
    .insert(notificationPreferences)
    .values({
      userId: options.userId,
      dailyReminderEnabled: options.dailyReminderEnabled,
      dailyReminderTime: options.dailyReminderTime,
      weeklySummaryEnabled: options.weeklySummaryEnabled,
      reminderOfferDismissedAt: dismissedAt,
      updatedAt: options.now,
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        dailyReminderEnabled: options.dailyReminderEnabled,
        dailyReminderTime: options.dailyReminderTime,
        weeklySummaryEnabled: options.weeklySummaryEnabled,
        reminderOfferDismissedAt:
          options.offerDismissed === undefined
            ? sql`${stored}`
            : options.offerDismissed
              ? sql`coalesce(${stored}, ${dismissedAt})`
              : null,
        updatedAt: options.now,
      },
    })
    .returning(columns);
  return row!;
}

// Turns one kind of e-mail off, touching nothing else (the unsubscribe link). True when it was on.
export async function turnOffNotification(
  db: DbOrTx,
  options: { userId: string; kind: TNotificationKind; now: Date },
): Promise<boolean> {
  const p = notificationPreferences;
  const column = options.kind === 'daily_reminder' ? p.dailyReminderEnabled : p.weeklySummaryEnabled;
  const set =
    options.kind === 'daily_reminder'
      ? { dailyReminderEnabled: false, updatedAt: options.now }
      : { weeklySummaryEnabled: false, updatedAt: options.now };
  const rows = await db
    .update(p)
    .set(set)
    .where(and(eq(p.userId, options.userId), eq(column, true)))
    .returning({ userId: p.userId });
  return rows.length > 0;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!row;
}
