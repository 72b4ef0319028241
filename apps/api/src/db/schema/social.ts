import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const ENDORSEMENT_MESSAGE_MAX = 500;

export const endorsements = pgTable(
  'endorsements',
  {
    id: uuid().primaryKey().defaultRandom(),
    endorserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endorsedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The endorser's local date: "once per target per day" is the endorser's day.
    endorsedOn: date({ mode: 'string' }).notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('endorsements_once_per_day_key').on(t.endorserId, t.endorsedId, t.endorsedOn),
    check('endorsements_not_self', sql`${t.endorserId} <> ${t.endorsedId}`),
    check('endorsements_message_length', sql`char_length(${t.message}) <= ${sql.raw(String(ENDORSEMENT_MESSAGE_MAX))}`),
    // Covers the cohort list's count of endorsements received and "endorsed by me today".
    index('endorsements_endorsed_idx').on(t.endorsedId, t.endorserId, t.endorsedOn),
    // The endorsements received, newest first, and the dashboard's counts (migration 0012).
    index('endorsements_received_idx').on(t.endorsedId, t.createdAt, t.id),
  ],
);

// When the member last opened their endorsements page: the created_at of the newest endorsement
// it showed (migration 0012). Only moves forward; raises the member's activity version.
export const endorsementsSeen = pgTable('endorsements_seen', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp({ withTimezone: true }).notNull(),
});
