import { bigint, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { programmes } from './programmes.ts';
import { users } from './users.ts';

export const cohorts = pgTable(
  'cohorts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    programmeId: uuid()
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // Raised by triggers when someone joins or leaves the cohort (migrations 0005, 0006). With the
    // sum of the cohort's stripe counters (below), the version of the cohort's standings: readers
    // keep computed standings while the version they saw is current.
    standingsVersion: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('cohorts_organisation_name_key').on(t.organisationId, t.name)],
);

// A user is in at most one current cohort
// (docs/domain/programme-content.md#cohorts-and-the-current-programme): userId is unique.
export const cohortMembers = pgTable(
  'cohort_members',
  {
    cohortId: uuid()
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.userId] }), unique('cohort_members_user_key').on(t.userId)],
);

// Raised by triggers (migration 0009) whenever anything the leaderboard shows of a member changes:
// their habits or progress, name, e-mail, job title, role or time zone, or an endorsement they
// received. Each member counts on one of their cohort's 16 stripes (by their id), so cohort mates'
// check-ins seldom wait on each other's commit, and a reader sums at most 16 rows, not one per member.
export const cohortStandingsStripes = pgTable(
  'cohort_standings_stripes',
  {
    cohortId: uuid()
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    stripe: smallint().notNull(),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.stripe] })],
);
