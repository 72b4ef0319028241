import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organisations, SUPPORTED_LOCALES_SQL, teams } from './organisations.ts';

export const userRole = pgEnum('user_role', ['leader', 'team_leader', 'member']);
export const identityProvider = pgEnum('identity_provider', ['auth0', 'azure_ad']);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // Stored lower-case (checked), so sign-in by e-mail matches however the provider spells it.
    email: text().notNull().unique(),
    fullName: text().notNull(),
    jobTitle: text(),
    role: userRole().notNull().default('member'),
    timeZone: text().notNull().default('UTC'),
    // The member's team (migration 0013): a department's members are the users of its team.
    teamId: uuid().references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    // Administration (migration 0014): a right independent of the programme role; a deactivated
    // user keeps their data but is refused from the next request on; the directory's SCIM id.
    isAdmin: boolean().notNull().default(false),
    deactivatedAt: timestamp({ withTimezone: true }),
    externalId: text(),
    // The directory's userName when it is not an e-mail address (migration 0017): the e-mail then
    // comes from the SCIM `emails`; null when userName is the e-mail
    // (docs/domain/scim.md#the-user-mapping).
    scimUserName: text(),
    // Deleted through SCIM (migration 0019): gone to the directory (404, left out of its lists),
    // deactivated in HabiTrack with their history; provisioning them again clears it.
    scimDeletedAt: timestamp({ withTimezone: true }),
    // Erasure (migration 0015): set once, when a data-protection request removed what named them.
    erasedAt: timestamp({ withTimezone: true }),
    privacyAcceptedAt: timestamp({ withTimezone: true }),
    // Locales (migration 0022, docs/domain/locales.md): the member's own choice, and the one their
    // directory gave (SCIM preferredLanguage/locale, the people file, the console); null = not said.
    locale: text(),
    directoryLocale: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_locale_supported', sql`${t.locale} IN (${SUPPORTED_LOCALES_SQL})`),
    check('users_directory_locale_supported', sql`${t.directoryLocale} IN (${SUPPORTED_LOCALES_SQL})`),
    check('users_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
    index('users_organisation_idx').on(t.organisationId),
    index('users_team_idx').on(t.teamId),
    uniqueIndex('users_organisation_external_id_key')
      .on(t.organisationId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    uniqueIndex('users_organisation_scim_user_name_key')
      .on(t.organisationId, sql`lower(${t.scimUserName})`)
      .where(sql`${t.scimUserName} IS NOT NULL`),
  ],
);

// One row per (provider, subject): a user signs in through a provider account; the first
// sign-in links it to the provisioned user (docs/domain/tenancy-and-identity.md#finding-the-user).
export const identities = pgTable(
  'identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: identityProvider().notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('identities_issuer_subject_key').on(t.issuer, t.subject),
    // One account per issuer for a user: a second subject from the same issuer (a recreated
    // directory account, a new hosted account with the same e-mail) never takes over the user.
    unique('identities_user_issuer_key').on(t.userId, t.issuer),
    index('identities_user_idx').on(t.userId),
  ],
);
