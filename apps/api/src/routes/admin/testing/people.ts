import { and, count, eq } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';
import { auditLog, cohortMembers, emailOutbox, users } from '../../../db/schema/index.ts';
import { createCohort } from '../../../test/factories.ts';
import type { TestIssuers } from '../../../test/tokens.ts';
import { createWorld, type Member } from '../../../test/world.ts';

export const PEOPLE = '/api/v1/admin/people';

export type Call = { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: object };

export function caller(app: App) {
  return async (member: Member, call: Call) => {
    const response = await app.inject({ ...call, headers: member.headers });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
}

// An organisation with one administrator (in no cohort), a member in the cohort, a team leader,
// a team and a second cohort of the same programme.
export type AdminWorld = Awaited<ReturnType<typeof createAdminWorld>>;

export async function createAdminWorld(db: Db, issuers: TestIssuers) {
  const world = await createWorld(db, issuers);
  const admin = await world.person({ isAdmin: true, inCohort: false });
  const member = await world.person();
  const teamLeader = await world.person({ role: 'team_leader' });
  const team = await world.team();
  const otherCohort = await createCohort(db, {
    organisationId: world.organisation.id,
    programmeId: world.programme.id,
  });
  return { ...world, admin, member, teamLeader, team, otherCohort };
}

// What an operation may write, counted for one organisation: a refused call leaves these alone.
export async function writes(db: Db, organisationId: string) {
  const [u] = await db.select({ n: count() }).from(users).where(eq(users.organisationId, organisationId));
  const [a] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.organisationId, organisationId));
  const [m] = await db
    .select({ n: count() })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .where(eq(users.organisationId, organisationId));
  const [o] = await db.select({ n: count() }).from(emailOutbox);
  const snapshot = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      role: users.role,
      isAdmin: users.isAdmin,
      teamId: users.teamId,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(eq(users.organisationId, organisationId))
    .orderBy(users.id);
  return { users: u!.n, audit: a!.n, members: m!.n, outbox: o!.n, snapshot };
}

export async function auditRows(db: Db, options: { organisationId: string; action: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, options.organisationId), eq(auditLog.action, options.action)));
}
