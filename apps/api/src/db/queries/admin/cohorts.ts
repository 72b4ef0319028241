import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TAdminCohort } from '@habitrack/contracts/admin/cohorts';
import type { DbOrTx } from '../../client.ts';
import {
  behaviours,
  cohortMembers,
  cohorts,
  habits,
  organisations,
  programmes,
  userHabits,
  users,
} from '../../schema/index.ts';

export type CohortRow = typeof cohorts.$inferSelect;

// The organisation's row, locked until the transaction ends: the console's cohort and settings
// writes of one organisation happen one at a time, so a name checked free stays free.
export async function lockOrganisation(db: DbOrTx, organisationId: string) {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      azureTenantIds: organisations.azureTenantIds,
      emailDomains: organisations.emailDomains,
      defaultCohortId: organisations.defaultCohortId,
      retentionDays: organisations.retentionDays,
      defaultLocale: organisations.defaultLocale,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
  return row ?? null;
}

// The organisation's cohorts as the console shows them, by name (one cohort with `cohortId`).
export async function listAdminCohorts(
  db: DbOrTx,
  options: { organisationId: string; cohortId?: string },
): Promise<TAdminCohort[]> {
  const rows = await db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      programmeId: programmes.id,
      programmeName: programmes.name,
      memberCount: sql<number>`(select count(*)::int from ${cohortMembers} where ${cohortMembers.cohortId} = ${cohorts.id})`,
      isDefault: sql<boolean>`coalesce(${organisations.defaultCohortId} = ${cohorts.id}, false)`,
    })
    .from(cohorts)
    .innerJoin(programmes, eq(programmes.id, cohorts.programmeId))
    .innerJoin(organisations, eq(organisations.id, cohorts.organisationId))
    .where(
      and(
        eq(cohorts.organisationId, options.organisationId),
        options.cohortId ? eq(cohorts.id, options.cohortId) : undefined,
      ),
    )
    .orderBy(asc(cohorts.name), asc(cohorts.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    programme: { id: r.programmeId, name: r.programmeName },
    member_count: Number(r.memberCount),
    is_default: Boolean(r.isDefault),
  }));
}

export async function findCohortInOrganisation(
  db: DbOrTx,
  options: { cohortId: string; organisationId: string },
): Promise<CohortRow | null> {
  const [row] = await db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.id, options.cohortId), eq(cohorts.organisationId, options.organisationId)));
  return row ?? null;
}

export async function cohortNameTaken(
  db: DbOrTx,
  options: { organisationId: string; name: string; exceptId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(
      and(
        eq(cohorts.organisationId, options.organisationId),
        eq(cohorts.name, options.name),
        options.exceptId ? ne(cohorts.id, options.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCohort(
  db: DbOrTx,
  values: { organisationId: string; programmeId: string; name: string },
): Promise<string> {
  const [row] = await db.insert(cohorts).values(values).returning({ id: cohorts.id });
  return row!.id;
}

export async function updateCohort(
  db: DbOrTx,
  options: { cohortId: string; name: string; programmeId: string },
): Promise<void> {
  await db
    .update(cohorts)
    .set({ name: options.name, programmeId: options.programmeId })
    .where(eq(cohorts.id, options.cohortId));
}

// How many of the cohort's members have an active habit of the programme.
export async function countActiveProgrammeHabits(
  db: DbOrTx,
  options: { cohortId: string; programmeId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userHabits.userId})::int` })
    .from(userHabits)
    .innerJoin(cohortMembers, eq(cohortMembers.userId, userHabits.userId))
    .innerJoin(habits, eq(habits.id, userHabits.habitId))
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .where(
      and(
        eq(cohortMembers.cohortId, options.cohortId),
        eq(userHabits.status, 'active'),
        eq(behaviours.programmeId, options.programmeId),
      ),
    );
  return Number(row?.n ?? 0);
}

// Which of these ids are people of the organisation, with the cohort each is in now.
export async function findOrganisationPeople(
  db: DbOrTx,
  options: { organisationId: string; userIds: string[] },
): Promise<{ id: string; cohortId: string | null }[]> {
  if (options.userIds.length === 0) return [];
  return db
    .select({ id: users.id, cohortId: cohortMembers.cohortId })
    .from(users)
    .leftJoin(cohortMembers, eq(cohortMembers.userId, users.id))
    .where(and(eq(users.organisationId, options.organisationId), inArray(users.id, options.userIds)))
    .for('update', { of: users });
}

// Moves people into the cohort: out of the cohort they were in (if any), into this one.
export async function moveIntoCohort(db: DbOrTx, options: { cohortId: string; userIds: string[] }): Promise<void> {
  if (options.userIds.length === 0) return;
  await db
    .insert(cohortMembers)
    .values(options.userIds.map((userId) => ({ cohortId: options.cohortId, userId })))
    .onConflictDoUpdate({ target: cohortMembers.userId, set: { cohortId: options.cohortId } });
}
