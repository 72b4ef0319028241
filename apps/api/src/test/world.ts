import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import {
  behaviours,
  cohortMembers,
  habits,
  modules,
  positiveChanges,
  teamManagers,
  teams,
} from '../db/schema/index.ts';
import { createCohort, createOrganisation, createProgramme, createUser } from './factories.ts';
import type { TestIssuers } from './tokens.ts';

type Role = 'leader' | 'team_leader' | 'member';

export type Member = { id: string; email: string; headers: Record<string, string> };

// An organisation running one programme (2 modules, 2 behaviours x 2 habits, 3 changes each) for
// one cohort, and a way to sign people into it. Every call makes fresh, unique rows.
export async function createWorld(db: Db, issuers: TestIssuers, options: { habitsPerBehaviour?: number } = {}) {
  const tenant = randomUUID();
  const domain = `${randomUUID().slice(0, 8)}.example`;
  const organisation = await createOrganisation(db, { azureTenantIds: [tenant], emailDomains: [domain] });
  const programme = await createProgramme(db, {
    organisationId: organisation.id,
    name: 'Leadership Excellence Programme',
    description: 'Six weeks of small daily habits.',
    introContent: '<p>Welcome</p>',
  });
  await db.insert(modules).values([
    { programmeId: programme.id, position: 1, name: 'Module 1: Effective Communication' },
    { programmeId: programme.id, position: 2, name: 'Module 2: Coaching' },
  ]);
  const behaviourRows = await db
    .insert(behaviours)
    .values([
      { programmeId: programme.id, position: 1, name: 'Listening', description: 'Hear people out' },
      { programmeId: programme.id, position: 2, name: 'Recognition', description: 'Notice good work' },
    ])
    .returning();
  const perBehaviour = options.habitsPerBehaviour ?? 2;
  const habitRows = await db
    .insert(habits)
    .values(
      behaviourRows.flatMap((b) =>
        Array.from({ length: perBehaviour }, (_, i) => ({
          behaviourId: b.id,
          position: i + 1,
          name: `${b.name} habit ${i + 1}`,
          description: 'A small daily practice',
          instructions: 'Do it once a day',
          difficulty: 'easy' as const,
          estimatedTimeMinutes: 10,
          defaultDurationDays: 60,
          tips: ['Start small'],
        })),
      ),
    )
    .returning();
  await db
    .insert(positiveChanges)
    .values(
      habitRows.flatMap((h) =>
        ['Trust', 'Clarity', 'Energy'].map((name, i) => ({ habitId: h.id, position: i + 1, name, category: 'Team' })),
      ),
    );
  const cohort = await createCohort(db, { organisationId: organisation.id, programmeId: programme.id });

  async function person(
    options: { role?: Role; inCohort?: boolean; acceptedTerms?: boolean; timeZone?: string; isAdmin?: boolean } = {},
  ) {
    const email = `${randomUUID().slice(0, 8)}@${domain}`;
    const accepted = (options.acceptedTerms ?? true) ? new Date('2026-01-01T00:00:00Z') : null;
    const user = await createUser(db, {
      organisationId: organisation.id,
      email,
      role: options.role ?? 'member',
      termsAcceptedAt: accepted,
      privacyAcceptedAt: accepted,
      timeZone: options.timeZone ?? 'Europe/London',
      isAdmin: options.isAdmin ?? false,
    });
    if (options.inCohort ?? true) await db.insert(cohortMembers).values({ cohortId: cohort.id, userId: user.id });
    const token = await issuers.hosted({ email });
    return { id: user.id, email, headers: { authorization: `Bearer ${token}` } } satisfies Member;
  }

  async function team(options: { name?: string; managerId?: string } = {}) {
    const [row] = await db
      .insert(teams)
      .values({ organisationId: organisation.id, name: options.name ?? `Team ${randomUUID().slice(0, 6)}` })
      .returning();
    if (options.managerId) await db.insert(teamManagers).values({ teamId: row!.id, userId: options.managerId });
    return row!;
  }

  return {
    organisation,
    programme,
    cohort,
    behaviours: behaviourRows,
    habits: habitRows,
    tenant,
    domain,
    person,
    team,
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

// How many SQL statements one request runs.
export async function countQueries(queries: string[], run: () => Promise<unknown>): Promise<number> {
  const before = queries.length;
  await run();
  return queries.length - before;
}
