import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { cohortMembers, endorsements, users } from '../schema/index.ts';

export function listCohortMembers(db: DbOrTx, cohortId: string) {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, jobTitle: users.jobTitle, role: users.role })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .where(eq(cohortMembers.cohortId, cohortId));
}

export function endorsementFactsQuery(db: DbOrTx, options: { memberIds: string[]; callerId: string; today: string }) {
  return db
    .select({
      endorsedId: endorsements.endorsedId,
      received: count(),
      byCallerToday: sql<boolean>`bool_or(${endorsements.endorserId} = ${options.callerId} and ${endorsements.endorsedOn} = ${options.today})`,
    })
    .from(endorsements)
    .where(inArray(endorsements.endorsedId, options.memberIds))
    .groupBy(endorsements.endorsedId);
}

// Endorsements each member has received, and which of them the caller endorsed on `today`.
export async function endorsementFacts(db: DbOrTx, options: { memberIds: string[]; callerId: string; today: string }) {
  if (options.memberIds.length === 0) return { received: new Map<string, number>(), endorsedToday: new Set<string>() };
  const rows = await endorsementFactsQuery(db, options);
  return {
    received: new Map(rows.map((r) => [r.endorsedId, r.received])),
    endorsedToday: new Set(rows.filter((r) => r.byCallerToday).map((r) => r.endorsedId)),
  };
}

export async function isCohortMate(db: DbOrTx, options: { cohortId: string; userId: string }) {
  const [row] = await db
    .select({ userId: cohortMembers.userId })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, options.cohortId), eq(cohortMembers.userId, options.userId)))
    .limit(1);
  return row !== undefined;
}
