import { and, asc, between, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import {
  cohortMembers,
  cohorts,
  habitLogs,
  modules,
  moodEntries,
  positiveChanges,
  programmes,
  userHabits,
} from '../schema/index.ts';

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

export function moodBetween(db: DbOrTx, options: { userId: string; from: string; to: string }) {
  return db
    .select()
    .from(moodEntries)
    .where(and(eq(moodEntries.userId, options.userId), between(moodEntries.entryDate, options.from, options.to)));
}

// Positive changes the member has logged, most frequent first.
export function positiveChangeCounts(db: DbOrTx, userId: string) {
  return db
    .select({
      id: positiveChanges.id,
      name: positiveChanges.name,
      description: positiveChanges.description,
      category: positiveChanges.category,
      count: count(),
    })
    .from(habitLogs)
    .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId))
    .innerJoin(positiveChanges, eq(positiveChanges.id, habitLogs.positiveChangeId))
    .where(
      and(eq(userHabits.userId, userId), eq(habitLogs.logType, 'completed'), isNotNull(habitLogs.positiveChangeId)),
    )
    .groupBy(positiveChanges.id)
    .orderBy(desc(count()), asc(positiveChanges.name));
}
