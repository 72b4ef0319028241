import { pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [unique('cohorts_organisation_name_key').on(t.organisationId, t.name)],
);

// A user is in at most one current cohort (DOMAIN "Programme content"): userId is unique.
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
