import type { DbOrTx } from '../../db/client.ts';
import { insertAudit } from '../../db/queries/audit/audit.ts';

// One audit_log row for a write by a signed-in person (an administrator, leader or team leader),
// in the write's own transaction (decision 018): a refused or failed write leaves no row either.
// `before` is the entity as it was (null when created), `after` as it is (null when deleted).
export type AuditedWrite = {
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

export async function auditWrite(
  tx: DbOrTx,
  actor: { id: string; organisationId: string },
  write: AuditedWrite,
): Promise<void> {
  await insertAudit(tx, {
    organisationId: actor.organisationId,
    actorUserId: actor.id,
    action: write.action,
    entity: write.entity,
    entityId: write.entityId,
    before: write.before ?? null,
    after: write.after ?? null,
  });
}

// One audit_log row for what the server does by itself (a scheduled job): no person or token acts.
export async function auditSystemWrite(tx: DbOrTx, organisationId: string, write: AuditedWrite): Promise<void> {
  await insertAudit(tx, {
    organisationId,
    actorUserId: null,
    action: write.action,
    entity: write.entity,
    entityId: write.entityId,
    before: write.before ?? null,
    after: write.after ?? null,
  });
}
