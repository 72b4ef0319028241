import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { habits, positiveChanges } from './programmes.ts';
import { users } from './users.ts';

// A completed habit's frame is over (decision 014): it left its slot and keeps its history.
export const userHabitStatus = pgEnum('user_habit_status', ['active', 'ended', 'completed']);
export const habitLogType = pgEnum('habit_log_type', ['completed', 'skipped']);

export const MAX_ACTIVE_HABITS = 3;
// At most this many paused days per frame (docs/domain/pauses.md#how-long).
export const MAX_PAUSED_DAYS = 14;

// An active habit occupies one of three slots; the partial unique index on (user, slot) is what
// keeps the 3-habit limit true when several selections race
// (docs/domain/habits-and-the-frame.md#choosing-habits).
export const userHabits = pgTable(
  'user_habits',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    habitId: uuid()
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    status: userHabitStatus().notNull().default('active'),
    slot: smallint(),
    startedOn: date({ mode: 'string' }).notNull(),
    targetDays: integer().notNull(),
    // Progress kept by the habit_logs triggers (migration 0004,
    // docs/domain/streaks-and-strength.md), so reading a member's progress and streak costs the
    // same whatever the length of their history: completed days since the start, the latest
    // completed date, the run of consecutive completed dates ending on it, and the latest date with
    // any log.
    daysCompleted: integer().notNull().default(0),
    lastCompletedOn: date({ mode: 'string' }),
    completedRun: integer().notNull().default(0),
    lastLoggedOn: date({ mode: 'string' }),
    // Days of the frame paused, kept by the habit_pauses trigger (migration 0010), and the frame's
    // last local date: start + length - 1 + paused days (decision 014).
    pausedDays: integer().notNull().default(0),
    frameEndsOn: date({ mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`started_on + target_days - 1 + paused_days`),
    // The member's local date an ended habit ended on, set by a trigger (migration 0013).
    endedOn: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_habits_slot_range', sql`${t.slot} between 1 and ${sql.raw(String(MAX_ACTIVE_HABITS))}`),
    check(
      'user_habits_active_has_slot',
      sql`(${t.status} = 'active' and ${t.slot} is not null) or (${t.status} <> 'active' and ${t.slot} is null)`,
    ),
    check('user_habits_target_days_positive', sql`${t.targetDays} >= 1`),
    check('user_habits_paused_days_range', sql`${t.pausedDays} between 0 and ${sql.raw(String(MAX_PAUSED_DAYS))}`),
    uniqueIndex('user_habits_active_slot_key')
      .on(t.userId, t.slot)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('user_habits_active_habit_key')
      .on(t.userId, t.habitId)
      .where(sql`${t.status} = 'active'`),
    // Every habit of a member, ended ones included (the positive-changes widget).
    index('user_habits_user_idx').on(t.userId),
  ],
);

export const HABIT_LOG_NOTE_MAX = 1000;

export const habitLogs = pgTable(
  'habit_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userHabitId: uuid()
      .notNull()
      .references(() => userHabits.id, { onDelete: 'cascade' }),
    // The member's local date in their own time zone
    // (docs/domain/days-and-time-zones.md#the-members-local-date).
    logDate: date({ mode: 'string' }).notNull(),
    logType: habitLogType().notNull(),
    note: text(),
    positiveChangeId: uuid().references(() => positiveChanges.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('habit_logs_user_habit_date_key').on(t.userHabitId, t.logDate),
    check('habit_logs_change_only_when_completed', sql`${t.positiveChangeId} is null or ${t.logType} = 'completed'`),
    check('habit_logs_note_length', sql`char_length(${t.note}) <= ${sql.raw(String(HABIT_LOG_NOTE_MAX))}`),
    index('habit_logs_positive_change_idx').on(t.positiveChangeId),
    // Progress and streaks read only completed dates: an index-only scan of this partial index.
    index('habit_logs_completed_idx')
      .on(t.userHabitId, t.logDate)
      .where(sql`${t.logType} = 'completed'`),
    // The dashboard's positive-changes widget: the member's logs that recorded a change.
    index('habit_logs_positive_changes_idx')
      .on(t.userHabitId, t.positiveChangeId)
      .where(sql`${t.logType} = 'completed' and ${t.positiveChangeId} is not null`),
  ],
);

// A member's pause of one habit: local dates starts_on..ends_on, both included
// (docs/domain/pauses.md#what-a-pause-is).
// Pauses of one habit never overlap; pause writes lock the user habit's row, so the check holds
// with several API instances. The reminders read this table too.
export const habitPauses = pgTable(
  'habit_pauses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userHabitId: uuid()
      .notNull()
      .references(() => userHabits.id, { onDelete: 'cascade' }),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('habit_pauses_range', sql`${t.endsOn} >= ${t.startsOn}`),
    check('habit_pauses_length', sql`${t.endsOn} - ${t.startsOn} < ${sql.raw(String(MAX_PAUSED_DAYS))}`),
    index('habit_pauses_user_habit_idx').on(t.userHabitId, t.startsOn),
  ],
);

// A completed habit's celebration, once seen by its member (decision 014).
export const habitCelebrations = pgTable('habit_celebrations', {
  userHabitId: uuid()
    .primaryKey()
    .references(() => userHabits.id, { onDelete: 'cascade' }),
  seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
