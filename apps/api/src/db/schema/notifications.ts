import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgEnum, pgTable, time, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { emailOutbox } from './outbox.ts';
import { users } from './users.ts';

export const notificationKind = pgEnum('notification_kind', ['daily_reminder', 'weekly_summary']);

// A member's e-mail settings; no row = everything off
// (docs/domain/notifications.md#e-mail-settings).
// The reminder's time is a wall-clock time in the member's own time zone (users.time_zone).
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyReminderEnabled: boolean().notNull().default(false),
    dailyReminderTime: time().notNull().default('08:00'),
    weeklySummaryEnabled: boolean().notNull().default(false),
    reminderOfferDismissedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The first instant each kind of e-mail can next fall due (migration 0024): set by the scheduler
    // when it reads the member; '-infinity' (read at the next tick) is put back by the database when
    // the kind is turned on, the time or the member's time zone changes.
    nextReminderAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    nextSummaryAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    // The clock of the tick that worked each out: a tick with an earlier clock reads the member again.
    reminderReadAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
    summaryReadAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    check(
      'notification_preferences_time_step',
      sql`extract(second from ${t.dailyReminderTime}) = 0 and extract(minute from ${t.dailyReminderTime})::int % 15 = 0`,
    ),
    // A tick reads only the members who turned the kind on and whose e-mail may be due by its clock,
    // or whom a tick with a later clock read.
    index('notification_preferences_reminder_due_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.dailyReminderEnabled}`),
    index('notification_preferences_summary_due_idx')
      .on(t.nextSummaryAt)
      .where(sql`${t.weeklySummaryEnabled}`),
    index('notification_preferences_reminder_read_idx')
      .on(t.reminderReadAt)
      .where(sql`${t.dailyReminderEnabled}`),
    index('notification_preferences_summary_read_idx')
      .on(t.summaryReadAt)
      .where(sql`${t.weeklySummaryEnabled}`),
  ],
);

// One row per e-mail of a kind sent to a member for one of their local dates (the reminder's
// date, the summary's Monday): the claim that makes it once, however many API instances tick.
// Written in the same transaction as the outbox row (docs/decisions/015-reminders.md).
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind().notNull(),
    localDate: date({ mode: 'string' }).notNull(),
    outboxId: uuid().references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notification_sends_once_key').on(t.userId, t.kind, t.localDate),
    index('notification_sends_outbox_idx').on(t.outboxId),
  ],
);
