import { insertAudit } from '../../db/queries/audit/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  findEmailHolder,
  findScimUserNameHolder,
  findExternalIdHolder,
  findScimDeletedAccount,
  findScimUser,
  insertScimUser,
  markScimDeleted,
  joinDefaultCohort,
  listScimUsers,
  teamNamed,
  updateScimUser,
  type ScimUserFilter,
  type ScimUserRow,
} from '../../db/queries/scim/scim.ts';
import { ScimError, scimInvalidValue, scimNotFound } from '../../lib/scim-error.ts';
import { project, type Projection } from './projection.ts';
import {
  applyPatch,
  applyResource,
  draftOf,
  emptyDraft,
  fieldsOf,
  toResource,
  type UserDraft,
  type UserFields,
} from './user-mapping.ts';
import { listResponse, paging } from './list.ts';
import { UUID, type ScimCaller } from './caller.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

const locationOf = (caller: ScimCaller, id: string) => `${caller.baseUrl}/Users/${id}`;
const resource = (caller: ScimCaller, row: ScimUserRow) => toResource(row, locationOf(caller, row.id));

// What the audit log keeps of a user: the values SCIM may change.
const audited = (row: ScimUserRow) => ({
  email: row.email,
  user_name: row.scimUserName,
  full_name: row.fullName,
  job_title: row.jobTitle,
  external_id: row.externalId,
  team: row.teamName,
  active: row.deactivatedAt === null,
  preferred_language: row.directoryLocale,
});

async function userOf(db: Db | Tx, caller: ScimCaller, id: string, lock = false): Promise<ScimUserRow> {
  // Another organisation's user, or no user at all: not found either way.
  const row = UUID.test(id)
    ? await findScimUser(db, { organisationId: caller.organisationId, userId: id, lock })
    : null;
  if (!row) throw scimNotFound(`User ${id} not found`);
  return row;
}

export async function getScimUser(database: AppDatabase, caller: ScimCaller, id: string, projection: Projection = {}) {
  const db = database.db;
  return project(resource(caller, await userOf(db, caller, id)), projection);
}

// `filter` supports `userName eq "..."` and `externalId eq "..."` (RFC 7644 §3.4.2.2), in any
// letter case and spacing, and the work e-mail (`emails[type eq "work"].value eq "..."`, which Entra
// ID may be set to match on).
const FILTER =
  /^\s*(userName|externalId|emails(?:\[\s*type\s+eq\s+"work"\s*\])?(?:\.value)?)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

export function parseFilter(filter: string | undefined): ScimUserFilter {
  if (filter === undefined || filter.trim() === '') return null;
  const match = FILTER.exec(filter);
  if (!match)
    throw new ScimError(
      400,
      'Only the filters userName eq "..." and externalId eq "..." are supported',
      'invalidFilter',
    );
  const name = match[1]!.toLowerCase();
  const attribute = name === 'externalid' ? 'externalId' : name === 'username' ? 'userName' : 'email';
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') };
}

export async function listUsers(
  database: AppDatabase,
  caller: ScimCaller,
  query: { filter?: string; startIndex?: string; count?: string } & Projection,
) {
  const db = database.db;
  const filter = parseFilter(query.filter);
  const { startIndex, count } = paging(query);
  const { total, rows } = await listScimUsers(db, {
    organisationId: caller.organisationId,
    filter,
    offset: startIndex - 1,
    limit: count,
  });
  return listResponse(
    total,
    startIndex,
    rows.map((row) => project(resource(caller, row), query)),
  );
}

async function checkUnique(tx: Tx, caller: ScimCaller, fields: UserFields, selfId: string | null) {
  const holder = await findEmailHolder(tx, fields.email);
  if (holder && holder.id !== selfId) {
    throw new ScimError(
      409,
      `${fields.scimUserName === null ? 'userName' : 'The e-mail'} is already in use`,
      'uniqueness',
    );
  }
  if (fields.scimUserName !== null) {
    const other = await findScimUserNameHolder(tx, {
      organisationId: caller.organisationId,
      userName: fields.scimUserName,
    });
    if (other && other.id !== selfId) throw new ScimError(409, 'userName is already in use', 'uniqueness');
  }
  if (fields.externalId !== null) {
    const other = await findExternalIdHolder(tx, {
      organisationId: caller.organisationId,
      externalId: fields.externalId,
    });
    if (other && other.id !== selfId) throw new ScimError(409, 'externalId is already in use', 'uniqueness');
  }
}

async function valuesOf(tx: Tx, caller: ScimCaller, fields: UserFields, current: ScimUserRow | null) {
  const team = fields.department
    ? await teamNamed(tx, { organisationId: caller.organisationId, name: fields.department })
    : null;
  // An archived team (its group deleted in the directory) keeps the people it has, takes nobody new.
  if (team?.archived && team.id !== current?.teamId) {
    throw scimInvalidValue(
      `The team "${fields.department}" is archived: its group was deleted in the directory. Provision the group again to restore it.`,
    );
  }
  const teamId = team?.id ?? null;
  // Deactivated once: the first deactivation's time is kept while they stay deactivated.
  const deactivatedAt = fields.active ? null : (current?.deactivatedAt ?? new Date());
  return {
    email: fields.email,
    scimUserName: fields.scimUserName,
    fullName: fields.fullName,
    jobTitle: fields.jobTitle,
    externalId: fields.externalId,
    teamId,
    deactivatedAt,
    directoryLocale: fields.directoryLocale,
  };
}

// New people join the organisation's default cohort when one is set (docs/domain/scim.md#users);
// otherwise they wait for an administrator to place them. A person the directory deleted and now
// provisions again (same externalId, userName or e-mail) gets their account back: same id, their
// history, their cohort.
export async function createUser(database: AppDatabase, caller: ScimCaller, body: unknown) {
  const db = database.db;
  const fields = fieldsOf(applyResource(emptyDraft(), body));
  const row = await db.transaction(async (tx) => {
    const returning = await findScimDeletedAccount(tx, {
      organisationId: caller.organisationId,
      email: fields.email,
      userName: fields.scimUserName,
      externalId: fields.externalId,
    });
    if (returning) {
      await checkUnique(tx, caller, fields, returning.id);
      const values = await valuesOf(tx, caller, fields, returning);
      await updateScimUser(tx, { userId: returning.id, values: { ...values, scimDeletedAt: null } });
      const restored = await userOf(tx, caller, returning.id);
      await audit(tx, caller, 'scim.user.restore', returning, restored);
      return restored;
    }
    await checkUnique(tx, caller, fields, null);
    const id = await insertScimUser(tx, {
      organisationId: caller.organisationId,
      values: await valuesOf(tx, caller, fields, null),
    });
    const cohortId = await joinDefaultCohort(tx, { organisationId: caller.organisationId, userId: id });
    const created = await userOf(tx, caller, id);
    await audit(tx, caller, 'scim.user.create', null, created, cohortId);
    return created;
  });
  return resource(caller, row);
}

async function change(
  db: Db,
  caller: ScimCaller,
  id: string,
  action: string,
  next: (draft: UserDraft) => UserDraft,
): Promise<ScimUserRow> {
  return db.transaction(async (tx) => {
    const before = await userOf(tx, caller, id, true);
    const fields = fieldsOf(next(draftOf(before)));
    await checkUnique(tx, caller, fields, before.id);
    await updateScimUser(tx, { userId: before.id, values: await valuesOf(tx, caller, fields, before) });
    const after = await userOf(tx, caller, id);
    await audit(tx, caller, action, before, after);
    return after;
  });
}

// PUT: the resource as sent replaces what SCIM manages (absent attributes are cleared).
export async function replaceUser(database: AppDatabase, caller: ScimCaller, id: string, body: unknown) {
  const db = database.db;
  return resource(caller, await change(db, caller, id, 'scim.user.replace', () => applyResource(emptyDraft(), body)));
}

export async function patchUser(database: AppDatabase, caller: ScimCaller, id: string, body: unknown) {
  const db = database.db;
  return resource(caller, await change(db, caller, id, 'scim.user.patch', (draft) => applyPatch(draft, body)));
}

// DELETE: the user is gone to the directory (404 from now on, RFC 7644 §3.6) and stays in
// HabiTrack deactivated, with their data (docs/domain/scim.md#users). Unlike `active: false`,
// which leaves them readable.
export async function deleteUser(database: AppDatabase, caller: ScimCaller, id: string): Promise<void> {
  const db = database.db;
  await db.transaction(async (tx) => {
    const before = await userOf(tx, caller, id, true);
    await markScimDeleted(tx, before.id);
    await insertAudit(tx, {
      organisationId: caller.organisationId,
      actorTokenId: caller.tokenId,
      action: 'scim.user.delete',
      entity: 'user',
      entityId: before.id,
      before: audited(before),
      after: { ...audited(before), active: false, deleted_from_directory: true },
    });
  });
}

async function audit(
  tx: Tx,
  caller: ScimCaller,
  action: string,
  before: ScimUserRow | null,
  after: ScimUserRow,
  // The default cohort a new user joined.
  cohortId: string | null = null,
) {
  await insertAudit(tx, {
    organisationId: caller.organisationId,
    actorTokenId: caller.tokenId,
    action,
    entity: 'user',
    entityId: after.id,
    before: before && audited(before),
    after: { ...audited(after), ...(cohortId ? { cohort_id: cohortId } : {}) },
  });
}
