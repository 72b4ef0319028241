import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../client.ts';
import { teams, users } from '../../schema/index.ts';

// SCIM Groups are the organisation's teams that are not archived; a team's members are the users
// whose team it is, except people deleted through SCIM (gone to the directory, still in the team).
export type ScimGroupRow = {
  id: string;
  name: string;
  externalId: string | null;
  members: { id: string; fullName: string }[];
};

const groupColumns = { id: teams.id, name: teams.name, externalId: teams.externalId };
// Only the users the directory still knows.
const knownToDirectory = isNull(users.scimDeletedAt);

async function withMembers(
  db: DbOrTx,
  rows: { id: string; name: string; externalId: string | null }[],
): Promise<ScimGroupRow[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ id: users.id, fullName: users.fullName, teamId: users.teamId })
    .from(users)
    .where(
      and(
        inArray(
          users.teamId,
          rows.map((r) => r.id),
        ),
        knownToDirectory,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({
    ...r,
    members: members.filter((m) => m.teamId === r.id).map((m) => ({ id: m.id, fullName: m.fullName })),
  }));
}

export async function findScimGroup(
  db: DbOrTx,
  options: { organisationId: string; teamId: string; lock?: boolean },
): Promise<ScimGroupRow | null> {
  const query = db
    .select(groupColumns)
    .from(teams)
    .where(
      and(eq(teams.organisationId, options.organisationId), eq(teams.id, options.teamId), isNull(teams.archivedAt)),
    );
  const rows = options.lock ? await query.for('update') : await query;
  return (await withMembers(db, rows))[0] ?? null;
}

// displayName (case-insensitive), the team's id, and a user who must be a member; null = any.
export type ScimGroupFilter = { displayName: string | null; teamId: string | null; memberId: string | null };

export async function listScimGroups(
  db: DbOrTx,
  options: { organisationId: string; filter: ScimGroupFilter; offset: number; limit: number },
): Promise<{ total: number; rows: ScimGroupRow[] }> {
  const { displayName, teamId, memberId } = options.filter;
  const conditions: SQL[] = [eq(teams.organisationId, options.organisationId), isNull(teams.archivedAt)];
  if (displayName !== null) conditions.push(sql`lower(${teams.name}) = lower(${displayName})`);
  if (teamId !== null) conditions.push(eq(teams.id, teamId));
  if (memberId !== null) {
    conditions.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${memberId}::uuid and ${users.teamId} = ${teams.id}
        and ${users.scimDeletedAt} is null)`,
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(teams).where(where);
  const rows =
    options.limit === 0
      ? []
      : await db
          .select(groupColumns)
          .from(teams)
          .where(where)
          .orderBy(asc(teams.name), asc(teams.id))
          .offset(options.offset)
          .limit(options.limit);
  return { total: total?.n ?? 0, rows: await withMembers(db, rows) };
}

// The organisation's team (archived or not) holding the externalId, or else the name
// (case-insensitive); locked for the request's transaction. How a group provisioned again is found.
export async function findTeamForGroup(
  tx: Tx,
  options: { organisationId: string; externalId: string | null; name: string },
): Promise<{ id: string; name: string; externalId: string | null; archived: boolean } | null> {
  const columns = { ...groupColumns, archivedAt: teams.archivedAt };
  const byExternalId =
    options.externalId === null
      ? []
      : await tx
          .select(columns)
          .from(teams)
          .where(and(eq(teams.organisationId, options.organisationId), eq(teams.externalId, options.externalId)))
          .for('update');
  const [row] =
    byExternalId.length > 0
      ? byExternalId
      : await tx
          .select(columns)
          .from(teams)
          .where(
            and(eq(teams.organisationId, options.organisationId), sql`lower(${teams.name}) = lower(${options.name})`),
          )
          .for('update');
  return row ? { id: row.id, name: row.name, externalId: row.externalId, archived: row.archivedAt !== null } : null;
}

export async function externalIdHolder(tx: Tx, options: { organisationId: string; externalId: string }) {
  const [row] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, options.organisationId), eq(teams.externalId, options.externalId)));
  return row?.id ?? null;
}

export async function teamNameTaken(
  db: DbOrTx,
  options: { organisationId: string; name: string; exceptId: string | null },
) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, options.organisationId), sql`lower(${teams.name}) = lower(${options.name})`));
  return row !== undefined && row.id !== options.exceptId;
}

// How many of the ids are users of the organisation.
export async function countOrganisationUsers(db: DbOrTx, options: { organisationId: string; userIds: string[] }) {
  if (options.userIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organisationId, options.organisationId), inArray(users.id, options.userIds), knownToDirectory));
  return row?.n ?? 0;
}

export async function insertTeam(tx: Tx, options: { organisationId: string; name: string; externalId: string | null }) {
  const [row] = await tx.insert(teams).values(options).returning({ id: teams.id });
  return row!.id;
}

// Names the team as the directory does; `restore` takes it out of the archive.
export async function renameTeam(
  tx: Tx,
  options: { teamId: string; name: string; externalId: string | null; restore?: boolean },
) {
  await tx
    .update(teams)
    .set({ name: options.name, externalId: options.externalId, ...(options.restore ? { archivedAt: null } : {}) })
    .where(eq(teams.id, options.teamId));
}

// A deleted group's team is archived, never deleted: its departments, KPIs, measurements and
// members stay (docs/decisions/020-nothing-cascades-away-history.md).
export async function archiveTeam(tx: Tx, teamId: string) {
  await tx
    .update(teams)
    .set({ archivedAt: sql`now()` })
    .where(eq(teams.id, teamId));
}

// Makes the team's members exactly `userIds` (a user is in one team: joining moves them).
export async function setTeamMembers(tx: Tx, options: { organisationId: string; teamId: string; userIds: string[] }) {
  const keep = options.userIds;
  // People deleted through SCIM are no member the directory can send, so they stay where they are.
  await tx
    .update(users)
    .set({ teamId: null })
    .where(
      and(
        eq(users.teamId, options.teamId),
        knownToDirectory,
        keep.length === 0
          ? sql`true`
          : sql`${users.id} not in (${sql.join(
              keep.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      ),
    );
  if (keep.length > 0) {
    await tx
      .update(users)
      .set({ teamId: options.teamId })
      .where(and(eq(users.organisationId, options.organisationId), inArray(users.id, keep)));
  }
}
