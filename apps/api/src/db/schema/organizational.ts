import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from './organisations.ts';
import { programmes } from './programmes.ts';
import { users } from './users.ts';

export const organizationalGoals = pgTable(
  'organizational_goals',
  {
    id: uuid().primaryKey().defaultRandom(),
    programmeId: uuid()
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    sequenceOrder: integer().notNull().default(0),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organizational_goals_title_not_blank', sql`btrim(${t.title}) <> ''`),
    index('organizational_goals_programme_idx').on(t.programmeId),
  ],
);

// A department is a team's participation in one programme, owned by the team leader who made it.
export const departments = pgTable(
  'departments',
  {
    id: uuid().primaryKey().defaultRandom(),
    programmeId: uuid()
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    // No action (migration 0019): a team with departments is archived, never deleted.
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'no action' }),
    name: text().notNull(),
    description: text(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('departments_programme_team_key').on(t.programmeId, t.teamId)],
);

// A goal at most once per department: the primary key says so.
export const departmentGoals = pgTable(
  'department_goals',
  {
    departmentId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    organizationalGoalId: uuid()
      .notNull()
      .references(() => organizationalGoals.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.organizationalGoalId] })],
);

export const departmentKpis = pgTable(
  'department_kpis',
  {
    id: uuid().primaryKey().defaultRandom(),
    departmentId: uuid().notNull(),
    organizationalGoalId: uuid().notNull(),
    title: text().notNull(),
    description: text(),
    // What the KPI is measured in, where it stood and where it should go (migration 0013).
    unit: text(),
    baseline: doublePrecision(),
    target: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A KPI belongs to a goal that its department has taken on.
    foreignKey({
      name: 'department_kpis_department_goal_fk',
      columns: [t.departmentId, t.organizationalGoalId],
      foreignColumns: [departmentGoals.departmentId, departmentGoals.organizationalGoalId],
    }).onDelete('cascade'),
    check('department_kpis_title_not_blank', sql`btrim(${t.title}) <> ''`),
    index('department_kpis_department_idx').on(t.departmentId),
  ],
);

export const KPI_MEASUREMENT_NOTE_MAX = 500;

// A KPI's dated value, written by its department's team leader; not locked at the start date.
export const kpiMeasurements = pgTable(
  'kpi_measurements',
  {
    id: uuid().primaryKey().defaultRandom(),
    // No action (migration 0019): a KPI with measurements is never deleted.
    kpiId: uuid()
      .notNull()
      .references(() => departmentKpis.id, { onDelete: 'no action' }),
    value: doublePrecision().notNull(),
    measuredOn: date({ mode: 'string' }).notNull(),
    note: text(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('kpi_measurements_note_length', sql`char_length(${t.note}) <= ${sql.raw(String(KPI_MEASUREMENT_NOTE_MAX))}`),
    check('kpi_measurements_value_finite', sql`${t.value} > '-Infinity'::float8 AND ${t.value} < 'Infinity'::float8`),
    index('kpi_measurements_kpi_idx').on(t.kpiId, t.measuredOn),
  ],
);
