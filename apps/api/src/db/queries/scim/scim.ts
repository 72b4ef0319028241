import { and, asc, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../client.ts';
import { cohortMembers, organisations, scimTokens, teams, users } from '../../schema/index.ts';

export type ScimUserRow = typeof users.$inferSelect & { teamName: string | null };

const userColumns = { user: users, teamName: teams.name };
const flatten = (row: { user: typeof users.$inferSelect; teamName: string | null }): ScimUserRow => ({
  ...row.user,
  teamName: row.teamName,
});

// The token's organisation when the hash is of a token not revoked; its last use is recorded.
export async function useScimToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id, organisationId: scimTokens.organisationId });
  return row ?? null;
}

export async function insertScimToken(
  db: DbOrTx,
  values: { organisationId: string; prefix: string; tokenHash: string; createdBy: string | null },
) {
  const [row] = await db.insert(scimTokens).values(values).returning({ id: scimTokens.id });
  return row!;
}

export async function organisationExists(db: DbOrTx, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row !== undefined;
}

// A user deleted through SCIM is gone to the directory (RFC 7644 §3.6): no read, list or filter of
// SCIM finds them, though they stay in HabiTrack, deactivated (docs/domain/scim.md#users).
const knownToDirectory = isNull(users.scimDeletedAt);

// One user of the organisation the directory still knows (locked for the request's update when
// `lock`); null elsewhere.
export async function findScimUser(
  db: DbOrTx,
  options: { organisationId: string; userId: string; lock?: boolean },
): Promise<ScimUserRow | null> {
  const query = db
    .select(userColumns)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(users.organisationId, options.organisationId), eq(users.id, options.userId), knownToDirectory));
  const [row] = options.lock ? await query.for('update', { of: users }) : await query;
  return row ? flatten(row) : null;
}

export type ScimUserFilter = { attribute: 'userName' | 'externalId' | 'email'; value: string } | null;

export async function listScimUsers(
  db: DbOrTx,
  options: { organisationId: string; filter: ScimUserFilter; offset: number; limit: number },
): Promise<{ total: number; rows: ScimUserRow[] }> {
  const conditions: SQL[] = [eq(users.organisationId, options.organisationId), knownToDirectory];
  const filter = options.filter;
  // userName is the directory's own when it kept one (not an e-mail), else the e-mail.
  if (filter?.attribute === 'userName') {
    conditions.push(sql`coalesce(lower(${users.scimUserName}), ${users.email}) = ${filter.value.toLowerCase()}`);
  }
  if (filter?.attribute === 'email') conditions.push(eq(users.email, filter.value.toLowerCase()));
  if (filter?.attribute === 'externalId') conditions.push(eq(users.externalId, filter.value));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows =
    options.limit === 0
      ? []
      : await db
          .select(userColumns)
          .from(users)
          .leftJoin(teams, eq(teams.id, users.teamId))
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .offset(options.offset)
          .limit(options.limit);
  return { total: total?.n ?? 0, rows: rows.map(flatten) };
}

// Who holds the e-mail or the external id already (any organisation for the e-mail: it is unique).
export async function findEmailHolder(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, organisationId: users.organisationId })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findScimUserNameHolder(db: DbOrTx, options: { organisationId: string; userName: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, options.organisationId),
        sql`lower(${users.scimUserName}) = ${options.userName.toLowerCase()}`,
      ),
    );
  return row ?? null;
}

export async function findExternalIdHolder(db: DbOrTx, options: { organisationId: string; externalId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, options.organisationId), eq(users.externalId, options.externalId)));
  return row ?? null;
}

// The account a returning person had before the directory deleted it: a user of the organisation
// deleted through SCIM, not erased, holding the e-mail, the directory's userName or the
// externalId (the externalId first). Locked for the request's transaction.
export async function findScimDeletedAccount(
  tx: Tx,
  options: { organisationId: string; email: string; userName: string | null; externalId: string | null },
): Promise<ScimUserRow | null> {
  const matches: SQL[] = [eq(users.email, options.email)];
  if (options.userName !== null) matches.push(sql`lower(${users.scimUserName}) = ${options.userName.toLowerCase()}`);
  if (options.externalId !== null) matches.push(eq(users.externalId, options.externalId));
  const rows = await tx
    .select(userColumns)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .where(
      and(
        eq(users.organisationId, options.organisationId),
        isNotNull(users.scimDeletedAt),
        isNull(users.erasedAt),
        or(...matches),
      ),
    )
    .orderBy(sql`${users.externalId} is not distinct from ${options.externalId} desc`, asc(users.id))
    .for('update', { of: users });
  return rows[0] ? flatten(rows[0]) : null;
}

// SCIM DELETE: gone to the directory, deactivated in HabiTrack (the first deactivation kept).
export async function markScimDeleted(tx: Tx, userId: string) {
  await tx
    .update(users)
    .set({ scimDeletedAt: sql`now()`, deactivatedAt: sql`coalesce(${users.deactivatedAt}, now())` })
    .where(eq(users.id, userId));
}

// The organisation's team of that name, created (as a department) when new; `archived` when its
// group was deleted in the directory.
export async function teamNamed(
  tx: Tx,
  options: { organisationId: string; name: string },
): Promise<{ id: string; archived: boolean }> {
  await tx
    .insert(teams)
    .values({ organisationId: options.organisationId, name: options.name, type: 'department' })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: teams.id, archivedAt: teams.archivedAt })
    .from(teams)
    .where(and(eq(teams.organisationId, options.organisationId), eq(teams.name, options.name)));
  return { id: row!.id, archived: row!.archivedAt !== null };
}

export type ScimUserValues = {
  email: string;
  scimUserName: string | null;
  fullName: string;
  jobTitle: string | null;
  externalId: string | null;
  teamId: string | null;
  deactivatedAt: Date | null;
  // The language the directory gives (preferredLanguage, else locale), null when none HabiTrack speaks.
  directoryLocale: string | null;
  // Cleared when a person deleted through SCIM is provisioned again.
  scimDeletedAt?: null;
};

export async function insertScimUser(tx: Tx, options: { organisationId: string; values: ScimUserValues }) {
  const [row] = await tx
    .insert(users)
    .values({ organisationId: options.organisationId, ...options.values, role: 'member', isAdmin: false })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateScimUser(tx: Tx, options: { userId: string; values: ScimUserValues }) {
  await tx.update(users).set(options.values).where(eq(users.id, options.userId));
}

// Where the organisation's provisioned people start (organisations.default_cohort_id): the new user
// joins that cohort when one is set. How many joined (0 or 1).
export async function joinDefaultCohort(tx: Tx, options: { organisationId: string; userId: string }) {
  const joined = await tx
    .insert(cohortMembers)
    .select(
      tx
        .select({ cohortId: organisations.defaultCohortId, userId: sql<string>`${options.userId}::uuid`.as('user_id') })
        .from(organisations)
        .where(and(eq(organisations.id, options.organisationId), isNotNull(organisations.defaultCohortId))),
    )
    .onConflictDoNothing()
    .returning({ cohortId: cohortMembers.cohortId });
  return joined[0]?.cohortId ?? null;
}
