import type { TAdminPerson } from '@habitrack/contracts/admin/people';
import { isSupportedLocale } from '@habitrack/contracts/common/locales';
import type { Db, Tx } from '../../db/client.ts';
import { findPerson, type AdminPersonRow } from '../../db/queries/admin/people.ts';
import { insertAudit } from '../../db/queries/audit/audit.ts';
import { LAST_ADMIN_CONSTRAINT, USER_EMAIL_CONSTRAINT, violatesConstraint } from '../../lib/constraint-violation.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';

// What the console's People operations share (issue 21): the person as the contract shows them,
// finding them in the administrator's organisation only, their audit row and the 409 refusals.

export function toPerson(row: AdminPersonRow): TAdminPerson {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    job_title: row.jobTitle,
    role: row.role,
    is_admin: row.isAdmin,
    team: row.team,
    cohort: row.cohort,
    status: row.deactivatedAt === null ? 'active' : 'deactivated',
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    erased: row.erasedAt !== null,
    directory_locale: isSupportedLocale(row.directoryLocale) ? row.directoryLocale : null,
  };
}

const PERSON_NOT_FOUND = 'The person was not found in your organisation.';
export const lastAdmin = (row: AdminPersonRow) =>
  conflict(`${row.fullName} is the last administrator of your organisation: make someone else an administrator first.`);

export async function personOf(db: Db | Tx, admin: Admin, id: string, lock = false) {
  const row = await findPerson(db, { organisationId: admin.organisationId, userId: id, lock });
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return row;
}

export async function audit(
  tx: Tx,
  admin: Admin,
  entry: { action: string; userId: string; before: object | null; after: object | null },
) {
  await insertAudit(tx, {
    organisationId: admin.organisationId,
    actorUserId: admin.id,
    action: entry.action,
    entity: 'user',
    entityId: entry.userId,
    before: entry.before,
    after: entry.after,
  });
}

// The last-administrator trigger and the e-mail's unique index decide races; both answer 409.
// `person` is the person the write changes, once read inside the transaction.
export async function refusingConflicts<T>(
  run: () => Promise<T>,
  refusals: { person?: () => AdminPersonRow | null; email?: string },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const person = refusals.person?.();
    if (person && violatesConstraint(error, LAST_ADMIN_CONSTRAINT)) throw lastAdmin(person);
    if (refusals.email && violatesConstraint(error, USER_EMAIL_CONSTRAINT)) throw emailTaken(refusals.email);
    throw error;
  }
}

export const emailTaken = (email: string) =>
  conflict(`The e-mail address ${email} is already in use: each person signs in with their own address.`);

export const erasedRefusal = (what: string) => conflict(`This person was erased: ${what}.`);
