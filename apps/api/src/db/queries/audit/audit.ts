import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { auditLog, organisations } from '../../schema/index.ts';

// The audit log (decision 018) is append-only: rows are only ever inserted, in the transaction of
// the write they describe, so a refused or failed write leaves no row either.
export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAudit(tx: DbOrTx, values: AuditEntry) {
  await tx.insert(auditLog).values(values);
}

// The organisation an import file names, for the audit row of a command-line import.
export async function organisationIdBySlug(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, slug));
  return row?.id ?? null;
}
