import type {
  TAdminCohort,
  TCreateCohortRequest,
  TMoveCohortMembersResponse,
  TUpdateCohortRequest,
} from '@habitrack/contracts/admin/cohorts';
import type { DbOrTx } from '../../db/client.ts';
import {
  cohortNameTaken,
  countActiveProgrammeHabits,
  findCohortInOrganisation,
  findOrganisationPeople,
  insertCohort,
  listAdminCohorts,
  lockOrganisation,
  moveIntoCohort,
  updateCohort,
} from '../../db/queries/admin/cohorts.ts';
import { findProgrammeInOrganisation } from '../../db/queries/organizational/organizational.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// Cohorts in the administration console (issue 21, decision 018). Every id is looked up in the
// administrator's organisation: anything else is 404. The organisation's row is locked for each
// write, so names are checked and written one write at a time (no unique-index race reaches 500).

export const COHORT_NOT_FOUND = 'This cohort was not found in your organisation.';
const PROGRAMME_NOT_FOUND = 'This programme was not found in your organisation.';
const nameTaken = (name: string) => `Your organisation already has a cohort named "${name}".`;

export function listCohorts(database: AppDatabase, admin: Admin): Promise<TAdminCohort[]> {
  const db = database.db;
  return listAdminCohorts(db, { organisationId: admin.organisationId });
}

async function cohortView(db: DbOrTx, admin: Admin, cohortId: string): Promise<TAdminCohort> {
  const [cohort] = await listAdminCohorts(db, { organisationId: admin.organisationId, cohortId });
  if (!cohort) throw notFound(COHORT_NOT_FOUND);
  return cohort;
}

async function programmeOfOrganisation(db: DbOrTx, admin: Admin, programmeId: string) {
  const programme = await findProgrammeInOrganisation(db, { programmeId, organisationId: admin.organisationId });
  if (!programme) throw notFound(PROGRAMME_NOT_FOUND);
  return programme;
}

export async function createCohort(
  database: AppDatabase,
  options: { admin: Admin; input: TCreateCohortRequest },
): Promise<TAdminCohort> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, admin.organisationId);
    await programmeOfOrganisation(tx, admin, input.programme_id);
    if (await cohortNameTaken(tx, { organisationId: admin.organisationId, name: input.name })) {
      throw conflict(nameTaken(input.name));
    }
    const id = await insertCohort(tx, {
      organisationId: admin.organisationId,
      programmeId: input.programme_id,
      name: input.name,
    });
    const cohort = await cohortView(tx, admin, id);
    await auditWrite(tx, admin, { action: 'cohort.create', entity: 'cohort', entityId: id, after: cohort });
    return cohort;
  });
}

// Choosing another programme is refused (409) while a member has an active habit of the current
// one: those habits belong to that programme, and the member would be left following a programme
// their cohort no longer runs. Their habits end or complete first, or the member moves cohort.
export async function changeCohort(
  database: AppDatabase,
  options: { admin: Admin; cohortId: string; input: TUpdateCohortRequest },
): Promise<TAdminCohort> {
  const db = database.db;
  const { admin, cohortId, input } = options;
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, admin.organisationId);
    const current = await findCohortInOrganisation(tx, { cohortId, organisationId: admin.organisationId });
    if (!current) throw notFound(COHORT_NOT_FOUND);
    const name = input.name ?? current.name;
    const programmeId = input.programme_id ?? current.programmeId;
    if (programmeId !== current.programmeId) {
      await programmeOfOrganisation(tx, admin, programmeId);
      const busy = await countActiveProgrammeHabits(tx, { cohortId, programmeId: current.programmeId });
      if (busy > 0) {
        throw conflict(
          `${busy} ${busy === 1 ? 'member of this cohort has' : 'members of this cohort have'} active habits of ` +
            'its current programme: the programme can change once those habits have ended, or after moving ' +
            'those members to another cohort.',
        );
      }
    }
    if (
      name !== current.name &&
      (await cohortNameTaken(tx, { organisationId: admin.organisationId, name, exceptId: cohortId }))
    ) {
      throw conflict(nameTaken(name));
    }
    const before = await cohortView(tx, admin, cohortId);
    await updateCohort(tx, { cohortId, name, programmeId });
    const after = await cohortView(tx, admin, cohortId);
    await auditWrite(tx, admin, { action: 'cohort.update', entity: 'cohort', entityId: cohortId, before, after });
    return after;
  });
}

// All or nothing: every listed person must be of the organisation (else 404, nobody moves). People
// already in the cohort stay; the others leave the cohort they were in. Their habits stay theirs.
export async function moveCohortMembers(
  database: AppDatabase,
  options: { admin: Admin; cohortId: string; userIds: string[] },
): Promise<TMoveCohortMembersResponse> {
  const db = database.db;
  const { admin, cohortId, userIds } = options;
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, admin.organisationId);
    const cohort = await findCohortInOrganisation(tx, { cohortId, organisationId: admin.organisationId });
    if (!cohort) throw notFound(COHORT_NOT_FOUND);
    const people = await findOrganisationPeople(tx, { organisationId: admin.organisationId, userIds });
    const found = new Set(people.map((p) => p.id));
    const unknown = userIds.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw notFound(
        `${unknown.length === 1 ? 'This person was' : `${unknown.length} of these people were`} not found in your ` +
          `organisation: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}. Nobody was moved.`,
      );
    }
    const moving = people.filter((p) => p.cohortId !== cohortId);
    await moveIntoCohort(tx, { cohortId, userIds: moving.map((p) => p.id) });
    const after = await cohortView(tx, admin, cohortId);
    if (moving.length > 0) {
      await auditWrite(tx, admin, {
        action: 'cohort.move_members',
        entity: 'cohort',
        entityId: cohortId,
        before: { members: moving.map((p) => ({ user_id: p.id, cohort_id: p.cohortId })) },
        after: { members: moving.map((p) => ({ user_id: p.id, cohort_id: cohortId })) },
      });
    }
    return { moved: moving.length, cohort: after };
  });
}
