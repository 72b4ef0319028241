import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { identities, organisations, users } from '../schema/index.ts';
import { preparedPerDatabase } from '../prepared.ts';

export type SignedInUser = typeof users.$inferSelect & {
  organisationName: string;
  organisationTenantIds: string[];
  // Changes whenever the user's or their organisation's row changes (the rows' xmin): a caller
  // remembered with it is still exactly current while it matches (see callerIsCurrentSql).
  version: string;
};

const rowVersion = sql<string>`${users}.xmin::text || ':' || ${organisations}.xmin::text`;

const userColumns = {
  user: users,
  organisationName: organisations.name,
  organisationTenantIds: organisations.azureTenantIds,
  version: rowVersion,
};

function flatten(row: {
  user: typeof users.$inferSelect;
  organisationName: string;
  organisationTenantIds: string[];
  version: string;
}): SignedInUser {
  return {
    ...row.user,
    organisationName: row.organisationName,
    organisationTenantIds: row.organisationTenantIds,
    version: row.version,
  };
}

// The parameters of callerIsCurrentSql in a prepared statement.
export type CallerCheck = { issuer: string; subject: string; version: string };

export function callerCheck(user: SignedInUser, token: { issuer: string; subject: string }): CallerCheck {
  return { issuer: token.issuer, subject: token.subject, version: user.version };
}

// True when the identity (issuer, subject) still leads to user `userId` and neither the user's
// nor the organisation's row has changed since `version` was read. Hot statements carry it, so a
// remembered caller is confirmed in the same round trip as the answer (plugins/auth.ts).
export function callerIsCurrentSql(caller: { issuer: unknown; subject: unknown; userId: unknown; version: unknown }) {
  return sql<boolean>`exists (select 1 from identities ci
    join users cu on cu.id = ci.user_id
    join organisations co on co.id = cu.organisation_id
    where ci.issuer = ${caller.issuer} and ci.subject = ${caller.subject} and cu.id = ${caller.userId}::uuid
      and cu.xmin::text || ':' || co.xmin::text = ${caller.version})`;
}

// callerIsCurrentSql for a prepared statement: the caller's identity and version are its
// `issuer`, `subject` and `version` parameters (a CallerCheck), the user id the one given.
export function callerIsCurrentParamSql(userId: unknown) {
  return callerIsCurrentSql({
    issuer: sql.placeholder('issuer'),
    subject: sql.placeholder('subject'),
    userId,
    version: sql.placeholder('version'),
  });
}

function identityLookup(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(identities.issuer, sql.placeholder('issuer')), eq(identities.subject, sql.placeholder('subject'))))
    .limit(1);
}

// Every authenticated request runs this lookup: prepared once per database (a named statement
// on each PostgreSQL connection), so it is parsed and planned once, not per request.
const preparedLookups = preparedPerDatabase((db) => identityLookup(db).prepare('find_user_by_identity'));

export async function findUserByIdentity(
  db: DbOrTx,
  options: { issuer: string; subject: string },
): Promise<SignedInUser | null> {
  const lookup = preparedLookups(db);
  const [row] = await lookup.execute({ issuer: options.issuer, subject: options.subject });
  return row ? flatten(row) : null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<SignedInUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ? flatten(row) : null;
}

export async function tenantIsTrusted(db: DbOrTx, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(arrayContains(organisations.azureTenantIds, [tenantId]))
    .limit(1);
  return row !== undefined;
}

export async function domainIsRegistered(db: DbOrTx, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(arrayContains(organisations.emailDomains, [domain.toLowerCase()]))
    .limit(1);
  return row !== undefined;
}

// First sign-in links the provider account to the provisioned user. Accounts are identified by
// issuer + subject (a subject is only unique within its issuer, e.g. per Azure AD tenant).
// Parallel first sign-ins race on the unique (issuer, subject): whoever loses reads the winner's row.
// A user has at most one identity per issuer (unique (user, issuer)).
export async function linkIdentity(
  db: DbOrTx,
  options: { userId: string; provider: 'auth0' | 'azure_ad'; issuer: string; subject: string },
): Promise<void> {
  await db
    .insert(identities)
    .values(options)
    // Any unique conflict is a lost race or an account the user already has from this issuer;
    // the caller re-reads by (issuer, subject) to learn which.
    .onConflictDoNothing();
}
