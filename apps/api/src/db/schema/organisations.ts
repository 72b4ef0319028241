import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { cohorts } from './cohorts.ts';
import { users } from './users.ts';
import { SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';

// The shipped locales as an SQL list, for the check constraints on stored locales (migration 0022).
export const SUPPORTED_LOCALES_SQL = sql.raw(SUPPORTED_LOCALES.map((locale) => `'${locale}'`).join(','));

export const organisations = pgTable(
  'organisations',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stable key used by the import files, so re-importing updates instead of duplicating.
    slug: text().notNull().unique(),
    name: text().notNull(),
    azureTenantIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    emailDomains: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Where people provisioned by SCIM start (migration 0015); none = they wait for an administrator.
    defaultCohortId: uuid().references((): AnyPgColumn => cohorts.id, { onDelete: 'set null' }),
    // Retention (migration 0020): days after a member's frame ends or their deactivation until
    // their notes, moods and endorsement messages are deleted; null keeps everything
    // (docs/domain/retention.md).
    retentionDays: integer(),
    // The language of people who said none and whose browser asks for none HabiTrack speaks
    // (migration 0022, docs/domain/locales.md).
    defaultLocale: text().notNull().default('en-GB'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisations_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    index('organisations_tenants_idx').using('gin', t.azureTenantIds),
    index('organisations_domains_idx').using('gin', t.emailDomains),
    check('organisations_default_locale_supported', sql`${t.defaultLocale} IN (${SUPPORTED_LOCALES_SQL})`),
    check('organisations_retention_days_range', sql`${t.retentionDays} between 30 and 3650`),
  ],
);

// The claim of one organisation's retention run on one UTC date (migration 0020): once a day,
// however many workers tick (docs/domain/retention.md#when-it-runs).
export const retentionRuns = pgTable(
  'retention_runs',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    runOn: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'retention_runs_pk', columns: [t.organisationId, t.runOn] })],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull().default('team'),
    // The directory's SCIM externalId of the group (migration 0019), unique per organisation.
    externalId: text(),
    // Set when its SCIM group is deleted (migration 0019): the team and its history stay, it is
    // offered for no new department or move; provisioning the group again clears it.
    archivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('teams_organisation_name_key').on(t.organisationId, t.name),
    uniqueIndex('teams_organisation_external_id_key')
      .on(t.organisationId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);

export const teamManagers = pgTable(
  'team_managers',
  {
    teamId: uuid()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_managers_user_idx').on(t.userId)],
);
