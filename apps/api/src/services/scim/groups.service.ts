import type { Db, Tx } from '../../db/client.ts';
import {
  countOrganisationUsers,
  deleteTeam,
  findScimGroup,
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

type GroupDraft = { displayName: string; memberIds: string[] };

// Group attributes a client may send that HabiTrack does not keep (a team has no external id).
const IGNORED_GROUP_ATTRIBUTES = new Set(['id', 'schemas', 'meta', 'externalid']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function resource(caller: ScimCaller, row: ScimGroupRow) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    displayName: row.name,
    members: row.members.map((m) => ({ value: m.id, display: m.fullName, $ref: `${caller.baseUrl}/Users/${m.id}` })),
    meta: { resourceType: 'Group', location: `${caller.baseUrl}/Groups/${row.id}` },
  };
}

const audited = (row: ScimGroupRow) => ({ name: row.name, members: row.members.map((m) => m.id) });

function displayNameOf(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > 200) {
    throw scimInvalidValue('displayName must be a non-empty string of at most 200 characters');
  }
  return value.trim();
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

async function write(tx: Tx, caller: ScimCaller, teamId: string | null, draft: GroupDraft) {
  if (await teamNameTaken(tx, { organisationId: caller.organisationId, name: draft.displayName, exceptId: teamId })) {
    throw new ScimError(409, 'displayName is already in use', 'uniqueness');
  }
  const ids = [...new Set(draft.memberIds)];
  if ((await countOrganisationUsers(tx, { organisationId: caller.organisationId, userIds: ids })) !== ids.length) {
    throw scimInvalidValue('Every member must be a user of this organisation');
  }
  const id = teamId ?? (await insertTeam(tx, { organisationId: caller.organisationId, name: draft.displayName }));
  if (teamId) await renameTeam(tx, { teamId, name: draft.displayName });
  await setTeamMembers(tx, { organisationId: caller.organisationId, teamId: id, userIds: ids });
  return id;
}

function draftOfResource(body: unknown): GroupDraft {
  if (!isObject(body)) throw scimInvalidSyntax('The request body must be a JSON object');
  return {
    displayName: displayNameOf(attributeOf(body, 'displayName')),
    memberIds: memberIds(attributeOf(body, 'members')),
  };
}

export async function createGroup(database: AppDatabase, caller: ScimCaller, body: unknown) {
  const db = database.db;
  const draft = draftOfResource(body);
  const row = await db.transaction(async (tx) => {
    const id = await write(tx, caller, null, draft);
    const created = await groupOf(tx, caller, id);
    await audit(tx, caller, 'scim.group.create', null, created);
    return created;
  });
  return resource(caller, row);
}

async function change(db: Db, caller: ScimCaller, id: string, action: string, next: (g: GroupDraft) => GroupDraft) {
  return db.transaction(async (tx) => {
    const before = await groupOf(tx, caller, id, true);
    const draft = next({ displayName: before.name, memberIds: before.members.map((m) => m.id) });
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
  const draft = { displayName: base.displayName, memberIds: [...base.memberIds] };
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
    } else if ((op === 'replace' || op === 'add') && path === undefined && isObject(operation.value)) {
      for (const [key, value] of Object.entries(operation.value)) {
        if (key.toLowerCase() === 'displayname') draft.displayName = displayNameOf(value);
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

export async function deleteGroup(database: AppDatabase, caller: ScimCaller, id: string): Promise<void> {
  const db = database.db;
  await db.transaction(async (tx) => {
    const before = await groupOf(tx, caller, id, true);
    await deleteTeam(tx, before.id);
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
