import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { cohortMembers, cohorts, modules, programmes } from '../schema/index.ts';

// The caller's cohort with its programme's name and first module, in one query.
export function cohortContextQuery(db: DbOrTx, userId: string) {
  return db
    .select({
      cohortId: cohorts.id,
      cohortName: cohorts.name,
      programmeName: programmes.name,
      firstModuleName: sql<string | null>`(${db
        .select({ name: modules.name })
        .from(modules)
        .where(eq(modules.programmeId, programmes.id))
        .orderBy(asc(modules.position))
        .limit(1)})`,
    })
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .innerJoin(programmes, eq(programmes.id, cohorts.programmeId))
    .where(eq(cohortMembers.userId, userId))
    .limit(1);
}

export async function findCohortContext(db: DbOrTx, userId: string) {
  const [row] = await cohortContextQuery(db, userId);
  return row ?? null;
}
