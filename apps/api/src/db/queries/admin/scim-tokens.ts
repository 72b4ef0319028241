import { and, desc, eq, sql } from 'drizzle-orm';
import type { TScimToken } from '@habitrack/contracts/admin/scim-tokens';
import type { DbOrTx } from '../../client.ts';
import { scimTokens, users } from '../../schema/index.ts';

// The organisation's SCIM tokens without their hashes, newest first (one with `tokenId`).
export async function listScimTokens(
  db: DbOrTx,
  options: { organisationId: string; tokenId?: string },
): Promise<TScimToken[]> {
  const rows = await db
    .select({
      id: scimTokens.id,
      prefix: scimTokens.prefix,
      createdAt: scimTokens.createdAt,
      creatorId: users.id,
      creatorName: users.fullName,
      lastUsedAt: scimTokens.lastUsedAt,
      revokedAt: scimTokens.revokedAt,
    })
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .where(
      and(
        eq(scimTokens.organisationId, options.organisationId),
        options.tokenId ? eq(scimTokens.id, options.tokenId) : undefined,
      ),
    )
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
  return rows.map((r) => ({
    id: r.id,
    prefix: r.prefix,
    created_at: r.createdAt.toISOString(),
    created_by: r.creatorId && r.creatorName !== null ? { id: r.creatorId, name: r.creatorName } : null,
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  }));
}

// Revokes the organisation's token if it is not revoked yet; true when this call revoked it.
export async function revokeScimToken(
  db: DbOrTx,
  options: { organisationId: string; tokenId: string },
): Promise<boolean> {
  const rows = await db
    .update(scimTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(scimTokens.id, options.tokenId),
        eq(scimTokens.organisationId, options.organisationId),
        sql`${scimTokens.revokedAt} is null`,
      ),
    )
    .returning({ id: scimTokens.id });
  return rows.length > 0;
}
