import { and, arrayContains, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { identities, organisations, users } from '../schema/index.ts';

export type SignedInUser = typeof users.$inferSelect & {
  organisationName: string;
  organisationTenantIds: string[];
};

const userColumns = {
  user: users,
  organisationName: organisations.name,
  organisationTenantIds: organisations.azureTenantIds,
};

function flatten(row: { user: typeof users.$inferSelect; organisationName: string; organisationTenantIds: string[] }) {
  return { ...row.user, organisationName: row.organisationName, organisationTenantIds: row.organisationTenantIds };
}

export async function findUserByIdentity(
  db: DbOrTx,
  options: { issuer: string; subject: string },
): Promise<SignedInUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(identities.issuer, options.issuer), eq(identities.subject, options.subject)))
    .limit(1);
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
export async function linkIdentity(
  db: DbOrTx,
  options: { userId: string; provider: 'auth0' | 'azure_ad'; issuer: string; subject: string },
): Promise<void> {
  await db
    .insert(identities)
    .values(options)
    .onConflictDoNothing({ target: [identities.issuer, identities.subject] });
}
