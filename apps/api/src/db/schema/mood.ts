import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, smallint, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// One entry per user per local date: a value 1..5, or a skip (mood_value null).
export const moodEntries = pgTable(
  'mood_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryDate: date({ mode: 'string' }).notNull(),
    moodValue: smallint(),
    skipped: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mood_entries_user_date_key').on(t.userId, t.entryDate),
    check('mood_entries_value_range', sql`${t.moodValue} between 1 and 5`),
    check(
      'mood_entries_value_or_skip',
      sql`(${t.skipped} and ${t.moodValue} is null) or (not ${t.skipped} and ${t.moodValue} is not null)`,
    ),
  ],
);
