import type { Db, Tx } from '../../db/client.ts';
import {
  archiveTeam,
  countOrganisationUsers,
  externalIdHolder,
  findScimGroup,
  findTeamForGroup,
  insertTeam,
  listScimGroups,
  renameTeam,
  setTeamMembers,
  teamNameTaken,
  type ScimGroupFilter,
  type ScimGroupRow,
} from '../../db/queries/scim/groups.ts';
import { insertAudit } from '../../db/queries/audit/audit.ts';
import { ScimError, scimInvalidSyntax, scimInvalidValue, scimNotFound } from '../../lib/scim-error.ts';
import { project, type Projection } from './projection.ts';
import { attributeOf, patchOperations } from './patch.ts';
import { UUID, type ScimCaller } from './caller.ts';
import { listResponse, paging } from './list.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// SCIM Groups are teams (docs/domain/scim.md#groups-are-teams); a member is a user whose team it
// is, so joining a group moves the user out of their previous team.
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

type GroupDraft = { displayName: string; externalId: string | null; memberIds: string[] };

// Group attributes a client may send that HabiTrack does not keep.
const IGNORED_GROUP_ATTRIBUTES = new Set(['id', 'schemas', 'meta']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function resource(caller: ScimCaller, row: ScimGroupRow) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    displayName: row.name,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    members: row.members.map((m) => ({ value: m.id, display: m.fullName, $ref: `${caller.baseUrl}/Users/${m.id}` })),
    meta: { resourceType: 'Group', location: `${caller.baseUrl}/Groups/${row.id}` },
  };
}

const audited = (row: ScimGroupRow) => ({
  name: row.name,
  external_id: row.externalId,
  members: row.members.map((m) => m.id),
});

function displayNameOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > 200) {
    throw scimInvalidValue('displayName must be a non-empty string of at most 200 characters');
  }
  return value.trim();
}

function externalIdOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > 200) {
    throw scimInvalidValue('externalId must be a string of at most 200 characters');
  }
  return value.trim() === '' ? null : value;
}

function memberIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.map((item) => {
    const id = isObject(item) ? item.value : undefined;
    if (typeof id !== 'string' || !UUID.test(id))
      throw scimInvalidValue('Each member needs a "value" that is a user id');
    return id.toLowerCase();
  });
}

async function groupOf(db: Db | Tx, caller: ScimCaller, id: string, lock = false) {
  const row = UUID.test(id)
    ? await findScimGroup(db, { organisationId: caller.organisationId, teamId: id, lock })
    : null;
  if (!row) throw scimNotFound(`Group ${id} not found`);
  return row;
}

export async function getGroup(database: AppDatabase, caller: ScimCaller, id: string, projection: Projection = {}) {
  const db = database.db;
  return project(resource(caller, await groupOf(db, caller, id)), projection);
}

// `filter` on Groups: `displayName eq "..."` (case-insensitive) or `id eq "..."`, optionally
// `and members[value eq "<user id>"]`, which Entra ID may send to check one membership.
const GROUP_FILTER =
  /^\s*(displayName|id)\s+eq\s+"((?:[^"\\]|\\.)*)"(?:\s+and\s+members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\])?\s*$/i;

export function parseGroupFilter(filter: string | undefined): ScimGroupFilter {
  const none: ScimGroupFilter = { displayName: null, teamId: null, memberId: null };
  if (filter === undefined || filter.trim() === '') return none;
  const match = GROUP_FILTER.exec(filter);
  if (!match) {
    throw new ScimError(
      400,
      'Only the filters displayName eq "..." and id eq "...", optionally with and members[value eq "..."], are supported',
      'invalidFilter',
    );
  }
  const value = match[2]!.replace(/\\(.)/g, '$1');
  const memberId = match[3]?.replace(/\\(.)/g, '$1') ?? null;
  // An id that is no uuid names no team (or no user): an empty list, not an error.
  const noMatch = '00000000-0000-0000-0000-000000000000';
  const byId = match[1]!.toLowerCase() === 'id';
  return {
    displayName: byId ? null : value,
    teamId: byId ? (UUID.test(value) ? value : noMatch) : null,
    memberId: memberId === null ? null : UUID.test(memberId) ? memberId : noMatch,
  };
}

export async function listGroups(
  database: AppDatabase,
  caller: ScimCaller,
  query: { filter?: string; startIndex?: string; count?: string } & Projection,
) {
  const db = database.db;
  const filter = parseGroupFilter(query.filter);
  const { startIndex, count } = paging(query);
  const { total, rows } = await listScimGroups(db, {
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

// Writes the draft to the team `teamId` (a new one when null); `restore` takes it out of the archive.
async function write(tx: Tx, caller: ScimCaller, teamId: string | null, draft: GroupDraft, restore = false) {
  const organisationId = caller.organisationId;
  if (await teamNameTaken(tx, { organisationId, name: draft.displayName, exceptId: teamId })) {
    throw new ScimError(409, 'displayName is already in use', 'uniqueness');
  }
  if (draft.externalId !== null) {
    const holder = await externalIdHolder(tx, { organisationId, externalId: draft.externalId });
    if (holder !== null && holder !== teamId) throw new ScimError(409, 'externalId is already in use', 'uniqueness');
  }
  const ids = [...new Set(draft.memberIds)];
  if ((await countOrganisationUsers(tx, { organisationId, userIds: ids })) !== ids.length) {
    throw scimInvalidValue('Every member must be a user of this organisation');
  }
  const named = { name: draft.displayName, externalId: draft.externalId };
  const id = teamId ?? (await insertTeam(tx, { organisationId, ...named }));
  if (teamId) await renameTeam(tx, { teamId, ...named, restore });
  await setTeamMembers(tx, { organisationId, teamId: id, userIds: ids });
  return id;
}

function draftOfResource(body: unknown): GroupDraft {
  if (!isObject(body)) throw scimInvalidSyntax('The request body must be a JSON object');
  return {
    displayName: displayNameOf(attributeOf(body, 'displayName')),
    externalId: externalIdOf(attributeOf(body, 'externalId')),
    memberIds: memberIds(attributeOf(body, 'members')),
  };
}

// A group provisioned again (the externalId, else the displayName, of an archived team) restores
// that team: same id, its departments, KPIs and history as they were
// (docs/domain/scim.md#groups-are-teams). A team the directory still sees is 409, as before.
export async function createGroup(database: AppDatabase, caller: ScimCaller, body: unknown) {
  const db = database.db;
  const draft = draftOfResource(body);
  const row = await db.transaction(async (tx) => {
    const found = await findTeamForGroup(tx, {
      organisationId: caller.organisationId,
      externalId: draft.externalId,
      name: draft.displayName,
    });
    if (found && !found.archived) {
      const taken = draft.externalId !== null && found.externalId === draft.externalId ? 'externalId' : 'displayName';
      throw new ScimError(409, `${taken} is already in use`, 'uniqueness');
    }
    const id = await write(tx, caller, found?.id ?? null, draft, found !== null);
    const created = await groupOf(tx, caller, id);
    await audit(tx, caller, found ? 'scim.group.restore' : 'scim.group.create', null, created);
    return created;
  });
  return resource(caller, row);
}

async function change(db: Db, caller: ScimCaller, id: string, action: string, next: (g: GroupDraft) => GroupDraft) {
  return db.transaction(async (tx) => {
    const before = await groupOf(tx, caller, id, true);
    const draft = next({
      displayName: before.name,
      externalId: before.externalId,
      memberIds: before.members.map((m) => m.id),
    });
    await write(tx, caller, before.id, draft);
    const after = await groupOf(tx, caller, id);
    await audit(tx, caller, action, before, after);
    return after;
  });
}

export async function replaceGroup(database: AppDatabase, caller: ScimCaller, id: string, body: unknown) {
  const db = database.db;
  const draft = draftOfResource(body);
  return resource(caller, await change(db, caller, id, 'scim.group.replace', () => draft));
}

// PatchOp on a group as Entra ID and Okta send it: add / remove members, replace displayName.
function applyGroupPatch(base: GroupDraft, body: unknown): GroupDraft {
  const draft = { ...base, memberIds: [...base.memberIds] };
  for (const operation of patchOperations(body)) {
    const { op, path } = operation;
    const filtered = path ? /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path) : null;
    if (op === 'add' && path?.toLowerCase() === 'members') {
      draft.memberIds.push(...memberIds(operation.value));
    } else if (op === 'remove' && (path?.toLowerCase() === 'members' || filtered)) {
      const gone = new Set(
        filtered
          ? memberIds({ value: filtered[1] })
          : operation.value === undefined
            ? draft.memberIds
            : memberIds(operation.value),
      );
      draft.memberIds = draft.memberIds.filter((m) => !gone.has(m));
    } else if (op === 'replace' && path?.toLowerCase() === 'members') {
      draft.memberIds = memberIds(operation.value);
    } else if ((op === 'replace' || op === 'add') && path?.toLowerCase() === 'displayname') {
      draft.displayName = displayNameOf(operation.value);
    } else if ((op === 'replace' || op === 'add') && path?.toLowerCase() === 'externalid') {
      draft.externalId = externalIdOf(operation.value);
    } else if (op === 'remove' && path?.toLowerCase() === 'externalid') {
      draft.externalId = null;
    } else if ((op === 'replace' || op === 'add') && path === undefined && isObject(operation.value)) {
      for (const [key, value] of Object.entries(operation.value)) {
        if (key.toLowerCase() === 'displayname') draft.displayName = displayNameOf(value);
        else if (key.toLowerCase() === 'externalid') draft.externalId = externalIdOf(value);
        else if (key.toLowerCase() === 'members')
          draft.memberIds = op === 'add' ? [...draft.memberIds, ...memberIds(value)] : memberIds(value);
        // Okta sends the group's id beside the new displayName; read-only and unkept attributes
        // are ignored.
        else if (!IGNORED_GROUP_ATTRIBUTES.has(key.toLowerCase()))
          throw new ScimError(400, `Unknown attribute: ${key}`, 'invalidPath');
      }
    } else if (path !== undefined && IGNORED_GROUP_ATTRIBUTES.has(path.toLowerCase())) {
      continue;
    } else {
      throw new ScimError(400, `Unsupported path: ${path ?? '(none)'}`, 'invalidPath');
    }
  }
  return draft;
}

export async function patchGroup(database: AppDatabase, caller: ScimCaller, id: string, body: unknown) {
  const db = database.db;
  return resource(caller, await change(db, caller, id, 'scim.group.patch', (draft) => applyGroupPatch(draft, body)));
}

// DELETE archives the team: gone to the directory (404 from now on), kept in HabiTrack with its
// members, departments, KPIs and measurements; offered for no new department or move.
export async function deleteGroup(database: AppDatabase, caller: ScimCaller, id: string): Promise<void> {
  const db = database.db;
  await db.transaction(async (tx) => {
    const before = await groupOf(tx, caller, id, true);
    await archiveTeam(tx, before.id);
    await insertAudit(tx, {
      organisationId: caller.organisationId,
      actorTokenId: caller.tokenId,
      action: 'scim.group.delete',
      entity: 'team',
      entityId: before.id,
      before: audited(before),
      after: null,
    });
  });
}

async function audit(tx: Tx, caller: ScimCaller, action: string, before: ScimGroupRow | null, after: ScimGroupRow) {
  await insertAudit(tx, {
    organisationId: caller.organisationId,
    actorTokenId: caller.tokenId,
    action,
    entity: 'team',
    entityId: after.id,
    before: before && audited(before),
    after: audited(after),
  });
}
