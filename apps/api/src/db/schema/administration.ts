import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

// Every administrative write and SCIM change (migration 0014). Append-only: a trigger refuses
// UPDATE, DELETE and TRUNCATE. No foreign keys, so the log outlives whom it names.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().notNull(),
    actorUserId: uuid(),
    actorTokenId: uuid(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_organisation_idx').on(t.organisationId, t.createdAt),
    index('audit_log_organisation_action_idx').on(t.organisationId, t.action, t.createdAt),
  ],
);

// A SCIM bearer token of one organisation, stored only as its SHA-256 hash (hex) with a visible prefix.
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    prefix: text().notNull(),
    tokenHash: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('scim_tokens_token_hash_key').on(t.tokenHash),
    index('scim_tokens_organisation_idx').on(t.organisationId),
  ],
);
