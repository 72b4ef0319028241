import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { cohortMembers } from '../schema/index.ts';

export async function isCohortMate(db: DbOrTx, options: { cohortId: string; userId: string }) {
  const [row] = await db
    .select({ userId: cohortMembers.userId })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, options.cohortId), eq(cohortMembers.userId, options.userId)))
    .limit(1);
  return row !== undefined;
}
