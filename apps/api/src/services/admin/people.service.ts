import type {
  TAdminPerson,
  TListPeopleQuery,
  TListPeopleResponse,
  ZInvitePersonRequest,
  ZUpdatePersonRequest,
} from '@habitrack/contracts/admin/people';
import type { TListTeamsResponse } from '@habitrack/contracts/admin/teams';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import {
  cohortOfOrganisation,
  emailInUse,
  insertPerson,
  listTeams as listTeamRows,
  searchPeople,
  setCohort,
  teamOfOrganisation,
  updatePerson as updateRow,
  type AdminPersonRow,
  type PersonChanges,
} from '../../db/queries/admin/people.ts';
import { findLocaleSources } from '../../db/queries/identity/locales.ts';
import { queueEmails } from '../../db/queries/notifications/outbox.ts';
import { archivedTeam, notFound } from '../../lib/errors.ts';
import { invitationEmail } from '../../mail/invitation-email.ts';
import { mailLanguage, recipientLocale } from '../../mail/mail-locale.ts';
import { audit, emailTaken, erasedRefusal, personOf, refusingConflicts, toPerson } from './person.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import type { Admin } from './admin.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// The console's People (issue 21, docs/domain/administration.md#people): search, invite and change.
// Every operation acts in the administrator's own organisation: anyone else's id is "not found".
// Every write is one transaction with its audit row; a write that changes nothing writes none.
// Deactivation and erasure: people-status.service.ts.

export async function listPeople(database: AppDatabase, options: { admin: Admin; query: TListPeopleQuery }) {
  const db = database.db;
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

export async function listTeams(database: AppDatabase, options: { admin: Admin }): Promise<TListTeamsResponse> {
  const db = database.db;
  return listTeamRows(db, options.admin.organisationId);
}

export async function getPerson(database: AppDatabase, options: { admin: Admin; id: string }) {
  const db = database.db;
  return toPerson(await personOf(db, options.admin, options.id));
}

// `currentTeamId`: the person's team now; staying in an archived team is no move into it.
async function checkPlacement(
  tx: Tx,
  admin: Admin,
  placement: { teamId?: string | null; cohortId?: string | null; currentTeamId?: string | null },
) {
  const organisationId = admin.organisationId;
  if (placement.teamId) {
    const team = await teamOfOrganisation(tx, { organisationId, teamId: placement.teamId });
    if (!team) throw notFound('The team was not found in your organisation.');
    if (team.archived && team.id !== placement.currentTeamId) throw archivedTeam(team.name);
  }
  if (placement.cohortId && !(await cohortOfOrganisation(tx, { organisationId, cohortId: placement.cohortId }))) {
    throw notFound('The cohort was not found in your organisation.');
  }
}

export async function invitePerson(
  database: AppDatabase,
  // The invitation names the administrator and their organisation: the whole signed-in user.
  options: { admin: SignedInUser; input: z.output<typeof ZInvitePersonRequest>; publicUrl: string; now: Date },
): Promise<TAdminPerson> {
  const db = database.db;
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
        // In the invited person's language as stored now: their organisation's default unless a
        // locale came with them (docs/domain/locales-in-mail.md).
        const sources = await findLocaleSources(tx, id);
        const mail = invitationEmail({
          language: mailLanguage(recipientLocale(sources!)),
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
    directory_locale: row.directoryLocale,
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

export async function updatePerson(
  database: AppDatabase,
  options: { admin: Admin; id: string; input: z.output<typeof ZUpdatePersonRequest> },
): Promise<TAdminPerson> {
  const db = database.db;
  const { admin, input } = options;
  let locked: AdminPersonRow | null = null;
  return refusingConflicts(
    () =>
      db.transaction(async (tx) => {
        const before = await personOf(tx, admin, options.id, true);
        locked = before;
        if (before.erasedAt) throw erasedRefusal('what named them is gone and cannot be changed');
        await checkPlacement(tx, admin, {
          teamId: input.team_id,
          cohortId: input.cohort_id,
          currentTeamId: before.team?.id ?? null,
        });
        const changes: PersonChanges = {};
        if (input.full_name !== undefined && input.full_name !== before.fullName) changes.fullName = input.full_name;
        if (input.job_title !== undefined && input.job_title !== before.jobTitle) changes.jobTitle = input.job_title;
        if (input.role !== undefined && input.role !== before.role) changes.role = input.role;
        if (input.is_admin !== undefined && input.is_admin !== before.isAdmin) changes.isAdmin = input.is_admin;
        if (input.team_id !== undefined && input.team_id !== (before.team?.id ?? null)) changes.teamId = input.team_id;
        if (input.directory_locale !== undefined && input.directory_locale !== before.directoryLocale) {
          changes.directoryLocale = input.directory_locale;
        }
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
