import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../client.ts';
import { teams, users } from '../../schema/index.ts';

// SCIM Groups are the organisation's teams; a team's members are the users whose team it is.
export type ScimGroupRow = { id: string; name: string; members: { id: string; fullName: string }[] };

async function withMembers(db: DbOrTx, rows: { id: string; name: string }[]): Promise<ScimGroupRow[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ id: users.id, fullName: users.fullName, teamId: users.teamId })
    .from(users)
    .where(
      inArray(
        users.teamId,
        rows.map((r) => r.id),
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
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organisationId, options.organisationId), eq(teams.id, options.teamId)));
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
  const conditions: SQL[] = [eq(teams.organisationId, options.organisationId)];
  if (displayName !== null) conditions.push(sql`lower(${teams.name}) = lower(${displayName})`);
  if (teamId !== null) conditions.push(eq(teams.id, teamId));
  if (memberId !== null) {
    conditions.push(
      sql`exists (select 1 from ${users} where ${users.id} = ${memberId}::uuid and ${users.teamId} = ${teams.id})`,
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(teams).where(where);
  const rows =
    options.limit === 0
      ? []
      : await db
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(where)
          .orderBy(asc(teams.name), asc(teams.id))
          .offset(options.offset)
          .limit(options.limit);
  return { total: total?.n ?? 0, rows: await withMembers(db, rows) };
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
    .where(and(eq(users.organisationId, options.organisationId), inArray(users.id, options.userIds)));
  return row?.n ?? 0;
}

export async function insertTeam(tx: Tx, options: { organisationId: string; name: string }) {
  const [row] = await tx.insert(teams).values(options).returning({ id: teams.id });
  return row!.id;
}

export async function renameTeam(tx: Tx, options: { teamId: string; name: string }) {
  await tx.update(teams).set({ name: options.name }).where(eq(teams.id, options.teamId));
}

export async function deleteTeam(tx: Tx, teamId: string) {
  await tx.delete(teams).where(eq(teams.id, teamId));
}

// Makes the team's members exactly `userIds` (a user is in one team: joining moves them).
export async function setTeamMembers(tx: Tx, options: { organisationId: string; teamId: string; userIds: string[] }) {
  const keep = options.userIds;
  await tx
    .update(users)
    .set({ teamId: null })
    .where(
      and(
        eq(users.teamId, options.teamId),
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
