import {
  ACCOUNT_DEACTIVATED,
  TENANT_NOT_AUTHORIZED,
  USER_NOT_FOUND,
  type TAuthProblemReason,
} from '@habitrack/contracts/auth/auth-problem';
import type { VerifiedToken } from '../../auth/verify-token.ts';
import {
  domainIsRegistered,
  findUserByEmail,
  findUserByIdentity,
  linkIdentity,
  tenantIsTrusted,
} from '../../db/queries/identity/identity.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { updateTimeZone } from '../../db/queries/identity/users.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { unauthorized } from '../../lib/errors.ts';
import { isValidTimeZone } from '../../lib/time-zone.ts';

function refuse(detail: string, reason: TAuthProblemReason, token: VerifiedToken) {
  return unauthorized(detail, { reason, email: token.email });
}

function emailDomain(email: string | null): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at > 0 ? email.slice(at + 1) : null;
}

// The caller of a request: the provisioned user the verified token leads to, in the time zone
// their browser reports when it differs from the stored one and is valid
// (docs/domain/days-and-time-zones.md#where-the-time-zone-comes-from).
export async function signedInUser(
  database: AppDatabase,
  options: { token: VerifiedToken; browserTimeZone: string | null },
): Promise<SignedInUser> {
  const user = await resolveSignedInUser(database, options.token);
  // Read afresh with every request, so a deactivation holds from the very next one.
  if (user.deactivatedAt !== null) throw unauthorized(ACCOUNT_DEACTIVATED, { reason: 'account_deactivated' });
  const zone = options.browserTimeZone;
  if (zone && zone !== user.timeZone && isValidTimeZone(zone)) {
    await updateTimeZone(database.db, { userId: user.id, timeZone: zone });
    user.timeZone = zone;
  }
  return user;
}

// Maps a verified token to a provisioned user
// (docs/domain/tenancy-and-identity.md#finding-the-user), or refuses with the 401 whose `reason`
// picks the account-problem screen.
async function resolveSignedInUser(database: AppDatabase, token: VerifiedToken): Promise<SignedInUser> {
  const { db } = database;
  const tenantId = token.tenantId;
  if (token.provider === 'azure_ad') {
    if (!tenantId || !(await tenantIsTrusted(db, tenantId))) {
      const domain = emailDomain(token.email);
      const known = domain !== null && (await domainIsRegistered(db, domain));
      throw refuse(TENANT_NOT_AUTHORIZED, known ? 'tenant_not_authorized' : 'organization_not_registered', token);
    }
  }
  const trusts = (user: SignedInUser) =>
    token.provider !== 'azure_ad' || (tenantId !== null && user.organisationTenantIds.includes(tenantId));

  const linked = await findUserByIdentity(database, { issuer: token.issuer, subject: token.subject });
  if (linked) {
    // The organisation may have stopped trusting the tenant since the account was linked.
    if (!trusts(linked)) throw refuse(TENANT_NOT_AUTHORIZED, 'tenant_not_authorized', token);
    return linked;
  }

  const notFoundReason: TAuthProblemReason = token.provider === 'auth0' ? 'no_account' : 'user_not_registered';
  // A hosted account links by e-mail only when the provider has verified that e-mail.
  if (!token.email || !token.emailVerified) throw refuse(USER_NOT_FOUND, notFoundReason, token);
  const provisioned = await findUserByEmail(db, token.email);
  if (!provisioned || !trusts(provisioned)) throw refuse(USER_NOT_FOUND, notFoundReason, token);

  await linkIdentity(db, {
    userId: provisioned.id,
    provider: token.provider,
    issuer: token.issuer,
    subject: token.subject,
  });
  // Re-read through the identity: if a parallel sign-in linked this subject first, that row wins;
  // if the user already has another account from this issuer, nothing was linked and it is refused.
  const winner = await findUserByIdentity(database, { issuer: token.issuer, subject: token.subject });
  if (!winner) throw refuse(USER_NOT_FOUND, notFoundReason, token);
  return winner;
}
