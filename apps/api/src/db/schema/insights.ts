import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Prepared aggregates of the insights (migration 0013, decision 016), written only by triggers.
// The "no team" and "everyone" value of insight_group_weeks.team_id.
export const NO_TEAM = '00000000-0000-0000-0000-000000000000';

// One row per member, ISO week (its Monday) and fact; see the migration for kind, key, a and b.
export const insightMemberWeeks = pgTable(
  'insight_member_weeks',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    key: text().notNull().default(''),
    programmeId: uuid().notNull(),
    cohortId: uuid().notNull(),
    teamId: uuid(),
    a: bigint({ mode: 'number' }).notNull().default(0),
    b: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'insight_member_weeks_pk', columns: [t.userId, t.week, t.kind, t.key] })],
);

// What the insights counted of the moods retention deleted, per member and week (migration 0020):
// the mood figure adds it to the moods kept, so past weeks stay as they were.
export const insightRetainedMoods = pgTable(
  'insight_retained_moods',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date({ mode: 'string' }).notNull(),
    total: bigint({ mode: 'number' }).notNull().default(0),
    entries: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'insight_retained_moods_pk', columns: [t.userId, t.week] })],
);

// Sums over the members of a group (a programme, a programme's team, a cohort) per week and fact.
export const insightGroupWeeks = pgTable(
  'insight_group_weeks',
  {
    groupId: uuid().notNull(),
    teamId: uuid().notNull(),
    week: date({ mode: 'string' }).notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    members: integer().notNull().default(0),
    a: bigint({ mode: 'number' }).notNull().default(0),
    b: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'insight_group_weeks_pk', columns: [t.groupId, t.teamId, t.week, t.kind, t.key] })],
);

// One row per cohort member: groups, time zone and the run of each active habit slot.
export const insightMembers = pgTable(
  'insight_members',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    programmeId: uuid().notNull(),
    cohortId: uuid().notNull(),
    teamId: uuid(),
    timeZone: text().notNull(),
    run1: integer().notNull().default(0),
    ends1: date({ mode: 'string' }),
    run2: integer().notNull().default(0),
    ends2: date({ mode: 'string' }),
    run3: integer().notNull().default(0),
    ends3: date({ mode: 'string' }),
    // The member's last counted local date: their deactivation day (migration 0016); null while active.
    activeUntil: date({ mode: 'string' }),
  },
  (t) => [index('insight_members_programme_idx').on(t.programmeId, t.teamId, t.cohortId)],
);

// The (member, week) pairs written since the group sums were last brought up to date, with the
// member's organisation; an organisation's are applied by insight_flush_organisation(), which its
// insights read calls (migrations 0013 and 0027, decision 016).
export const insightDirty = pgTable(
  'insight_dirty',
  {
    organisationId: uuid().notNull(),
    userId: uuid().notNull(),
    week: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'insight_dirty_pk', columns: [t.organisationId, t.userId, t.week] })],
);
