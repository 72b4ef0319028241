import { randomUUID } from 'node:crypto';
import type {
  TAdminPerson,
  TListPeopleQuery,
  TListPeopleResponse,
  ZInvitePersonRequest,
  ZUpdatePersonRequest,
} from '@habitrack/contracts/admin/people';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import {
  cohortOfOrganisation,
  emailInUse,
  erasePerson as eraseRow,
  findPerson,
  insertPerson,
  searchPeople,
  setCohort,
  teamOfOrganisation,
  updatePerson as updateRow,
  type AdminPersonRow,
  type PersonChanges,
} from '../db/queries/admin-people.ts';
import { insertAudit } from '../db/queries/audit.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { queueEmails } from '../db/queries/outbox.ts';
import { LAST_ADMIN_CONSTRAINT, USER_EMAIL_CONSTRAINT, violatesConstraint } from '../lib/constraint-violation.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { invitationEmail } from '../mail/invitation-email.ts';

// The console's People (issue 21, DOMAIN "Wave 2: administration"). Every operation acts in the
// administrator's own organisation: anyone else's id is "not found". Every write is one
// transaction with its audit row; a write that changes nothing writes no audit row.

type Admin = SignedInUser;

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
  };
}

const PERSON_NOT_FOUND = 'The person was not found in your organisation.';
const lastAdmin = (row: AdminPersonRow) =>
  conflict(`${row.fullName} is the last administrator of your organisation: make someone else an administrator first.`);

async function personOf(db: Db | Tx, admin: Admin, id: string, lock = false) {
  const row = await findPerson(db, { organisationId: admin.organisationId, userId: id, lock });
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return row;
}

export async function listPeople(db: Db, options: { admin: Admin; query: TListPeopleQuery }) {
  const { query } = options;
  const { total, rows } = await searchPeople(db, {
    organisationId: options.admin.organisationId,
    q: query.q || undefined,
    role: query.role,
    cohortId: query.cohort_id,
    teamId: query.team_id,
    status: query.status,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return {
    items: rows.map(toPerson),
    total,
    page: query.page,
    page_size: query.page_size,
  } satisfies TListPeopleResponse;
}

export async function getPerson(db: Db, options: { admin: Admin; id: string }) {
  return toPerson(await personOf(db, options.admin, options.id));
}

async function checkPlacement(tx: Tx, admin: Admin, placement: { teamId?: string | null; cohortId?: string | null }) {
  const organisationId = admin.organisationId;
  if (placement.teamId && !(await teamOfOrganisation(tx, { organisationId, teamId: placement.teamId }))) {
    throw notFound('The team was not found in your organisation.');
  }
  if (placement.cohortId && !(await cohortOfOrganisation(tx, { organisationId, cohortId: placement.cohortId }))) {
    throw notFound('The cohort was not found in your organisation.');
  }
}

async function audit(
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
async function refusingConflicts<T>(
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

const emailTaken = (email: string) =>
  conflict(`The e-mail address ${email} is already in use: each person signs in with their own address.`);

export async function invitePerson(
  db: Db,
  options: { admin: Admin; input: z.output<typeof ZInvitePersonRequest>; publicUrl: string; now: Date },
): Promise<TAdminPerson> {
  const { admin, input } = options;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        if (await emailInUse(tx, input.email)) throw emailTaken(input.email);
        await checkPlacement(tx, admin, { teamId: input.team_id, cohortId: input.cohort_id });
        const id = await insertPerson(tx, {
          organisationId: admin.organisationId,
          email: input.email,
          fullName: input.full_name,
          jobTitle: input.job_title,
          role: input.role,
          teamId: input.team_id ?? null,
          isAdmin: input.is_admin,
        });
        if (input.cohort_id) await setCohort(tx, { userId: id, cohortId: input.cohort_id });
        const mail = invitationEmail({
          recipientName: input.full_name,
          inviterName: admin.fullName,
          organisationName: admin.organisationName,
          email: input.email,
          publicUrl: options.publicUrl,
        });
        await queueEmails(tx, [
          {
            dedupeKey: `invitation:${id}`,
            toAddress: input.email,
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html,
            nextAttemptAt: options.now,
          },
        ]);
        const created = await personOf(tx, admin, id);
        await audit(tx, admin, { action: 'person.invite', userId: id, before: null, after: audited(created) });
        return toPerson(created);
      }),
    { email: input.email },
  );
}

// What the audit log keeps of a person: what the console changes (the e-mail only when invited).
function audited(row: AdminPersonRow) {
  return {
    email: row.email,
    full_name: row.fullName,
    job_title: row.jobTitle,
    role: row.role,
    is_admin: row.isAdmin,
    team_id: row.team?.id ?? null,
    cohort_id: row.cohort?.id ?? null,
  };
}

type Audited = ReturnType<typeof audited>;

// The fields whose value differs, as two objects holding only them.
function difference(before: Audited, after: Audited) {
  const keys = (Object.keys(after) as (keyof Audited)[]).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    changed: keys.length > 0,
  };
}

const erasedRefusal = (what: string) => conflict(`This person was erased: ${what}.`);

export async function updatePerson(
  db: Db,
  options: { admin: Admin; id: string; input: z.output<typeof ZUpdatePersonRequest> },
): Promise<TAdminPerson> {
  const { admin, input } = options;
  let locked: AdminPersonRow | null = null;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        const before = await personOf(tx, admin, options.id, true);
        locked = before;
        if (before.erasedAt) throw erasedRefusal('what named them is gone and cannot be changed');
        await checkPlacement(tx, admin, { teamId: input.team_id, cohortId: input.cohort_id });
        const changes: PersonChanges = {};
        if (input.full_name !== undefined && input.full_name !== before.fullName) changes.fullName = input.full_name;
        if (input.job_title !== undefined && input.job_title !== before.jobTitle) changes.jobTitle = input.job_title;
        if (input.role !== undefined && input.role !== before.role) changes.role = input.role;
        if (input.is_admin !== undefined && input.is_admin !== before.isAdmin) changes.isAdmin = input.is_admin;
        if (input.team_id !== undefined && input.team_id !== (before.team?.id ?? null)) changes.teamId = input.team_id;
        await updateRow(tx, { userId: before.id, changes });
        if (input.cohort_id !== undefined && input.cohort_id !== (before.cohort?.id ?? null)) {
          await setCohort(tx, { userId: before.id, cohortId: input.cohort_id });
        }
        const after = await personOf(tx, admin, before.id);
        const diff = difference(audited(before), audited(after));
        if (diff.changed) await audit(tx, admin, { action: 'person.update', userId: before.id, ...diff });
        return toPerson(after);
      }),
    { person: () => locked },
  );
}

async function setStatus(db: Db, options: { admin: Admin; id: string; active: boolean; now: Date }) {
  const { admin } = options;
  const action = options.active ? 'person.reactivate' : 'person.deactivate';
  let locked: AdminPersonRow | null = null;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        const before = await personOf(tx, admin, options.id, true);
        locked = before;
        const isActive = before.deactivatedAt === null;
        if (isActive === options.active) return toPerson(before);
        if (options.active && before.erasedAt) throw erasedRefusal('an erased person cannot be reactivated');
        await updateRow(tx, { userId: before.id, changes: { deactivatedAt: options.active ? null : options.now } });
        const after = await personOf(tx, admin, before.id);
        await audit(tx, admin, {
          action,
          userId: before.id,
          before: { deactivated_at: before.deactivatedAt?.toISOString() ?? null },
          after: { deactivated_at: after.deactivatedAt?.toISOString() ?? null },
        });
        return toPerson(after);
      }),
    { person: () => locked },
  );
}

export const deactivatePerson = (db: Db, options: { admin: Admin; id: string; now: Date }) =>
  setStatus(db, { ...options, active: false });
export const reactivatePerson = (db: Db, options: { admin: Admin; id: string; now: Date }) =>
  setStatus(db, { ...options, active: true });

// DOMAIN "Erasure": irreversible; a second erasure answers 409. The audit row says that it
// happened, by whom and how much was removed, never the erased values.
export async function erasePerson(db: Db, options: { admin: Admin; id: string; now: Date }): Promise<TAdminPerson> {
  const { admin } = options;
  let locked: AdminPersonRow | null = null;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        const before = await personOf(tx, admin, options.id, true);
        locked = before;
        if (before.erasedAt) throw erasedRefusal('an erasure cannot be repeated');
        const removed = await eraseRow(tx, {
          userId: before.id,
          oldEmail: before.email,
          erasedEmail: `erased-${randomUUID()}@erased.invalid`,
          now: options.now,
        });
        const after = await personOf(tx, admin, before.id);
        await audit(tx, admin, {
          action: 'person.erase',
          userId: before.id,
          before: { erased: false, status: before.deactivatedAt === null ? 'active' : 'deactivated' },
          after: {
            erased: true,
            status: 'deactivated',
            notes_removed: removed.notes,
            endorsement_messages_removed: removed.endorsementMessages,
            identities_unlinked: removed.identities,
            emails_removed: removed.emails,
          },
        });
        return toPerson(after);
      }),
    { person: () => locked },
  );
}
