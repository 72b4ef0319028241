import type { DbOrTx } from '../client.ts';
import { auditLog } from '../schema/index.ts';

// The audit log (decision 018) is append-only: rows are only ever inserted, in the transaction of
// the write they describe, so a refused or failed write leaves no row either.
export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAudit(tx: DbOrTx, values: AuditEntry) {
  await tx.insert(auditLog).values(values);
}
