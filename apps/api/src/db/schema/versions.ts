import { bigint, check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

// Raised by triggers (migration 0008) whenever anything the member's dashboard shows of their own
// activity changes: their habits and stored progress, a check-in's date, type or positive change,
// a mood, joining or leaving a cohort. A reader holding what it computed at one version knows it
// is still exact while the version is unchanged (services/dashboard/dashboard.service.ts).
export const memberActivity = pgTable('member_activity', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

// One row, raised by triggers (migration 0008) on any change to programme content (programmes,
// modules, behaviours, habits, positive changes) or to a cohort's name or programme: the names a
// dashboard shows.
export const contentVersion = pgTable(
  'content_version',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('content_version_one_row', sql`${t.id} = 1`)],
);
