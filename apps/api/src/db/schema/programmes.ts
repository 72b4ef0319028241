import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

export const habitDifficulty = pgEnum('habit_difficulty', ['easy', 'medium', 'hard']);

export const programmes = pgTable(
  'programmes',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    name: text().notNull(),
    description: text(),
    // Sanitised before it is stored (docs/domain/programme-content.md#introduction-content).
    introContent: text(),
    startsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('programmes_organisation_slug_key').on(t.organisationId, t.slug)],
);

export const modules = pgTable(
  'modules',
  {
    id: uuid().primaryKey().defaultRandom(),
    programmeId: uuid()
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [
    unique('modules_programme_position_key').on(t.programmeId, t.position),
    check('modules_position_positive', sql`${t.position} >= 1`),
  ],
);

export const behaviours = pgTable(
  'behaviours',
  {
    id: uuid().primaryKey().defaultRandom(),
    programmeId: uuid()
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [unique('behaviours_programme_name_key').on(t.programmeId, t.name)],
);

export const habits = pgTable(
  'habits',
  {
    id: uuid().primaryKey().defaultRandom(),
    behaviourId: uuid()
      .notNull()
      .references(() => behaviours.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    description: text(),
    instructions: text(),
    difficulty: habitDifficulty().notNull(),
    estimatedTimeMinutes: integer().notNull(),
    defaultDurationDays: integer().notNull().default(60),
    tips: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A retired habit (migration 0015) stays with those who have it and is no longer offered.
    retiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('habits_behaviour_name_key').on(t.behaviourId, t.name),
    check('habits_minutes_range', sql`${t.estimatedTimeMinutes} between 1 and 1440`),
    check('habits_duration_range', sql`${t.defaultDurationDays} between 1 and 366`),
  ],
);

export const positiveChanges = pgTable(
  'positive_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    habitId: uuid()
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    description: text(),
    category: text().notNull(),
  },
  (t) => [
    unique('positive_changes_habit_name_key').on(t.habitId, t.name),
    index('positive_changes_habit_idx').on(t.habitId),
  ],
);
