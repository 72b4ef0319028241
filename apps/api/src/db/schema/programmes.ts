import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TContentTranslations } from '@habitrack/contracts/common/content-translations';
import { organisations, SUPPORTED_LOCALES_SQL } from './organisations.ts';

// The texts of a content row in other languages than its programme's default (migration 0023,
// docs/domain/programme-content.md#languages): {"de-DE": {"name": "…", "description": "…"}}. Read
// in the same statement as the row, so a member's language costs no extra round trip.
// Every key a shipped locale (migration 0023).
const translationsCheck = (table: string, column: unknown) =>
  check(
    `${table}_translations_locales`,
    sql`jsonb_typeof(${column}) = 'object' AND (${column} - ARRAY[${SUPPORTED_LOCALES_SQL}]) = '{}'::jsonb`,
  );

const translations = () =>
  jsonb()
    .$type<TContentTranslations>()
    .notNull()
    .default(sql`'{}'::jsonb`);

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
    // The language of the texts above; translations add the others.
    defaultLocale: text().notNull().default('en-GB'),
    translations: translations(),
  },
  (t) => [
    unique('programmes_organisation_slug_key').on(t.organisationId, t.slug),
    check('programmes_default_locale_supported', sql`${t.defaultLocale} IN (${SUPPORTED_LOCALES_SQL})`),
    translationsCheck('programmes', t.translations),
  ],
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
    translations: translations(),
  },
  (t) => [
    unique('modules_programme_position_key').on(t.programmeId, t.position),
    check('modules_position_positive', sql`${t.position} >= 1`),
    translationsCheck('modules', t.translations),
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
    translations: translations(),
  },
  (t) => [
    unique('behaviours_programme_name_key').on(t.programmeId, t.name),
    translationsCheck('behaviours', t.translations),
  ],
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
    translations: translations(),
  },
  (t) => [
    unique('habits_behaviour_name_key').on(t.behaviourId, t.name),
    check('habits_minutes_range', sql`${t.estimatedTimeMinutes} between 1 and 1440`),
    check('habits_duration_range', sql`${t.defaultDurationDays} between 1 and 366`),
    translationsCheck('habits', t.translations),
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
    translations: translations(),
  },
  (t) => [
    unique('positive_changes_habit_name_key').on(t.habitId, t.name),
    index('positive_changes_habit_idx').on(t.habitId),
    translationsCheck('positive_changes', t.translations),
  ],
);
