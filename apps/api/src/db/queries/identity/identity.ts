import { arrayContains, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { identities, organisations, users } from '../../schema/index.ts';
import type { AppDatabase } from '../../speed/app-database.ts';
import { sharedStatement, type CallerColumns } from '../../speed/shared-statements.ts';
import type { SignedInUser } from '../../../types/signed-in-user.ts';

const userColumns = {
  user: users,
  organisationName: organisations.name,
  organisationTenantIds: organisations.azureTenantIds,
  organisationDefaultLocale: organisations.defaultLocale,
};

function flatten(row: {
  user: typeof users.$inferSelect;
  organisationName: string;
  organisationTenantIds: string[];
  organisationDefaultLocale: string;
}): SignedInUser {
  return {
    ...row.user,
    organisationName: row.organisationName,
    organisationTenantIds: row.organisationTenantIds,
    organisationDefaultLocale: row.organisationDefaultLocale,
  };
}

// The user row as JSON (timestamps as text).
type UserJson = Omit<
  SignedInUser,
  'termsAcceptedAt' | 'privacyAcceptedAt' | 'createdAt' | 'deactivatedAt' | 'erasedAt' | 'scimDeletedAt'
> & {
  termsAcceptedAt: string | null;
  scimDeletedAt: string | null;
  deactivatedAt: string | null;
  erasedAt: string | null;
  privacyAcceptedAt: string | null;
  createdAt: string;
};

// What a known caller is confirmed by (db/speed/known-callers.ts): a print of the user's and their
// organisation's rows as the sign-in lookup read them, the transactions that wrote them (`xmin`).
// Any change to either row (role, team, deactivation, erasure, terms, time zone, organisation,
// trusted tenants, ...) writes a new version of it with a new `xmin`, so it changes the print.
const printSql = sql.raw(`u.xmin::text || ' ' || o.xmin::text`);

// True while the caller is as the sign-in lookup read them: the identity still leads to the same
// user, and the print of their rows is the same. Hot statements check it in the same statement.
// A scalar subquery, looked up by key for each call: written as `exists (…)` beside an `or`,
// PostgreSQL's generic plan hashed it instead, printing every user of the database on every
// execution (5 ms for 420 users; decision 023, "Measured under load").
export const callerIsCurrent = (caller: CallerColumns) => sql`coalesce((select ${printSql} from identities i
    join users u on u.id = i.user_id join organisations o on o.id = u.organisation_id
    where i.id = ${caller.identityId} and u.id = ${caller.userId}) = ${caller.print}, false)`;

type Print = { identityId: string; print: string };

// Every signed-in request reads its caller, unless it is known (db/speed/known-callers.ts): the
// requests of one turn share the statement.
const userByIdentityStatement = sharedStatement<{ issuer: string; subject: string }, UserJson & Print>({
  name: 'find_user_by_identity',
  params: { issuer: 'text', subject: 'text' },
  query: (p) => sql`select ${p.position} as position, json_build_object('id', u.id,
      'organisationId', u.organisation_id, 'email', u.email, 'fullName', u.full_name, 'jobTitle', u.job_title,
      'role', u.role, 'timeZone', u.time_zone, 'termsAcceptedAt', u.terms_accepted_at,
      'privacyAcceptedAt', u.privacy_accepted_at, 'createdAt', u.created_at, 'teamId', u.team_id,
      'isAdmin', u.is_admin, 'deactivatedAt', u.deactivated_at, 'externalId', u.external_id,
      'erasedAt', u.erased_at, 'scimUserName', u.scim_user_name, 'locale', u.locale,
      'directoryLocale', u.directory_locale,
      'scimDeletedAt', u.scim_deleted_at, 'organisationName', o.name, 'organisationTenantIds', o.azure_tenant_ids,
      'organisationDefaultLocale', o.default_locale, 'identityId', i.id, 'print', ${printSql}) as row
    from ${p.table}
    join identities i on i.issuer = ${p.issuer} and i.subject = ${p.subject}
    join users u on u.id = i.user_id
    join organisations o on o.id = u.organisation_id`,
});

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

export async function findUserByIdentity(
  database: AppDatabase,
  call: { issuer: string; subject: string },
): Promise<SignedInUser | null> {
  const row = await database.run(userByIdentityStatement, call);
  if (!row) return null;
  const { identityId, print, ...user } = row;
  const signedIn: SignedInUser = {
    ...user,
    termsAcceptedAt: dateOrNull(user.termsAcceptedAt),
    privacyAcceptedAt: dateOrNull(user.privacyAcceptedAt),
    deactivatedAt: dateOrNull(user.deactivatedAt),
    erasedAt: dateOrNull(user.erasedAt),
    scimDeletedAt: dateOrNull(user.scimDeletedAt),
    createdAt: new Date(user.createdAt),
  };
  database.callers.read(signedIn, { userId: signedIn.id, identityId, print });
  return signedIn;
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

// The statement as SQL with its parameters (the benchmark prints its plan).
export const identityStatements = { userByIdentityStatement };
