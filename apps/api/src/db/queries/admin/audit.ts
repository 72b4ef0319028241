import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { auditLog, scimTokens, users } from '../../schema/index.ts';

export type AuditFilter = {
  organisationId: string;
  q?: string;
  action?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
};

export type AuditRow = {
  id: string;
  createdAt: Date;
  actorUserId: string | null;
  actorUserName: string | null;
  actorTokenId: string | null;
  actorTokenPrefix: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

// LIKE's own characters in the search text match themselves.
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(auditLog.organisationId, filter.organisationId)];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorId) {
    conditions.push(or(eq(auditLog.actorUserId, filter.actorId), eq(auditLog.actorTokenId, filter.actorId)));
  }
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (filter.q) {
    const pattern = `%${likeEscape(filter.q)}%`;
    conditions.push(
      or(
        ilike(auditLog.action, pattern),
        ilike(auditLog.entity, pattern),
        ilike(auditLog.entityId, pattern),
        ilike(users.fullName, pattern),
        ilike(scimTokens.prefix, pattern),
      ),
    );
  }
  return and(...conditions);
}

const rowColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorUserName: users.fullName,
  actorTokenId: auditLog.actorTokenId,
  actorTokenPrefix: scimTokens.prefix,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

// The actor's name is read now (an erased person shows as erased); the log keeps only ids.
function fromAudit(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.actorUserId), eq(users.organisationId, auditLog.organisationId)))
    .leftJoin(
      scimTokens,
      and(eq(scimTokens.id, auditLog.actorTokenId), eq(scimTokens.organisationId, auditLog.organisationId)),
    );
}

// Newest first.
export async function listAudit(
  db: DbOrTx,
  options: { filter: AuditFilter; offset?: number; limit?: number },
): Promise<AuditRow[]> {
  const query = fromAudit(db)
    .where(whereOf(options.filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  return query;
}

export async function countAudit(db: DbOrTx, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.actorUserId), eq(users.organisationId, auditLog.organisationId)))
    .leftJoin(
      scimTokens,
      and(eq(scimTokens.id, auditLog.actorTokenId), eq(scimTokens.organisationId, auditLog.organisationId)),
    )
    .where(whereOf(filter));
  return Number(row?.n ?? 0);
}
