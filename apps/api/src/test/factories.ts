import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/client.ts';
import {
  behaviours,
  cohortMembers,
  cohorts,
  habits,
  organisations,
  positiveChanges,
  programmes,
  teams,
  users,
} from '../db/schema/index.ts';

// Test data factories: each call makes its own unique rows so tests can run in parallel.
const unique = () => randomUUID().slice(0, 8);

export async function createOrganisation(db: DbOrTx, overrides: Partial<typeof organisations.$inferInsert> = {}) {
  const id = unique();
  const [row] = await db
    .insert(organisations)
    .values({ slug: `org-${id}`, name: `Org ${id}`, emailDomains: [`${id}.example`], ...overrides })
    .returning();
  return row!;
}

export async function createUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> & { organisationId: string },
) {
  const id = unique();
  const [row] = await db
    .insert(users)
    .values({ email: `user-${id}@example.com`, fullName: `User ${id}`, ...overrides })
    .returning();
  return row!;
}

export async function createTeam(
  db: DbOrTx,
  overrides: Partial<typeof teams.$inferInsert> & { organisationId: string },
) {
  const [row] = await db
    .insert(teams)
    .values({ name: `Team ${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function createProgramme(
  db: DbOrTx,
  overrides: Partial<typeof programmes.$inferInsert> & { organisationId: string },
) {
  const id = unique();
  const [row] = await db
    .insert(programmes)
    .values({ slug: `programme-${id}`, name: `Programme ${id}`, ...overrides })
    .returning();
  return row!;
}

// A behaviour with one habit that has two positive changes: the smallest useful content.
export async function createHabit(
  db: DbOrTx,
  options: { programmeId: string; habit?: Partial<typeof habits.$inferInsert> },
) {
  const [behaviour] = await db
    .insert(behaviours)
    .values({ programmeId: options.programmeId, position: 1, name: `Behaviour ${unique()}` })
    .returning();
  const [habit] = await db
    .insert(habits)
    .values({
      behaviourId: behaviour!.id,
      position: 1,
      name: `Habit ${unique()}`,
      difficulty: 'easy',
      estimatedTimeMinutes: 10,
      ...options.habit,
    })
    .returning();
  const changes = await db
    .insert(positiveChanges)
    .values([
      { habitId: habit!.id, position: 1, name: 'Clearer priorities', category: 'Focus' },
      { habitId: habit!.id, position: 2, name: 'Calmer meetings', category: 'Wellbeing' },
    ])
    .returning();
  return { behaviour: behaviour!, habit: habit!, positiveChanges: changes };
}

export async function createCohort(
  db: DbOrTx,
  options: { organisationId: string; programmeId: string; memberIds?: string[] },
) {
  const [cohort] = await db
    .insert(cohorts)
    .values({ organisationId: options.organisationId, programmeId: options.programmeId, name: `Cohort ${unique()}` })
    .returning();
  if (options.memberIds?.length) {
    await db.insert(cohortMembers).values(options.memberIds.map((userId) => ({ cohortId: cohort!.id, userId })));
  }
  return cohort!;
}
