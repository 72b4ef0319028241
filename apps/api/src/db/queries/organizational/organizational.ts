import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { DbOrTx } from '../../client.ts';
import {
  departmentKpis,
  kpiMeasurements,
  organisations,
  organizationalGoals,
  programmes,
  users,
} from '../../schema/index.ts';

export type ProgrammeRef = { id: string; name: string; startsAt: Date | null };
export type GoalFields = { title: string; description: string | null; sequenceOrder: number };

const programmeColumns = { id: programmes.id, name: programmes.name, startsAt: programmes.startsAt };
const goalColumns = {
  id: organizationalGoals.id,
  title: organizationalGoals.title,
  description: organizationalGoals.description,
  sequence_order: organizationalGoals.sequenceOrder,
};

// The programme if it belongs to the organisation. forUpdate locks its row until the transaction
// ends, so goal writes for one programme happen one at a time (the "first goals" notice relies on it).
export async function findProgrammeInOrganisation(
  db: DbOrTx,
  options: { programmeId: string; organisationId: string; forUpdate?: boolean },
): Promise<ProgrammeRef | null> {
  const query = db
    .select(programmeColumns)
    .from(programmes)
    .where(and(eq(programmes.id, options.programmeId), eq(programmes.organisationId, options.organisationId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function listGoals(db: DbOrTx, programmeId: string): Promise<TOrganizationalGoal[]> {
  return db
    .select(goalColumns)
    .from(organizationalGoals)
    .where(eq(organizationalGoals.programmeId, programmeId))
    .orderBy(asc(organizationalGoals.sequenceOrder), asc(organizationalGoals.createdAt), asc(organizationalGoals.id));
}

export async function countGoals(db: DbOrTx, programmeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizationalGoals)
    .where(eq(organizationalGoals.programmeId, programmeId));
  return row?.n ?? 0;
}

// The goal's programme id if the goal belongs to a programme of the organisation.
export async function findGoalProgrammeId(
  db: DbOrTx,
  options: { goalId: string; organisationId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ programmeId: organizationalGoals.programmeId })
    .from(organizationalGoals)
    .innerJoin(programmes, eq(programmes.id, organizationalGoals.programmeId))
    .where(and(eq(organizationalGoals.id, options.goalId), eq(programmes.organisationId, options.organisationId)))
    .limit(1);
  return row?.programmeId ?? null;
}

// Which of these ids are goals of the programme.
export async function goalIdsInProgramme(
  db: DbOrTx,
  options: { programmeId: string; goalIds: string[] },
): Promise<Set<string>> {
  if (options.goalIds.length === 0) return new Set();
  const rows = await db
    .select({ id: organizationalGoals.id })
    .from(organizationalGoals)
    .where(
      and(eq(organizationalGoals.programmeId, options.programmeId), inArray(organizationalGoals.id, options.goalIds)),
    );
  return new Set(rows.map((r) => r.id));
}

// One goal as the API shows it (the audit log's before values).
export async function findGoal(db: DbOrTx, goalId: string): Promise<TOrganizationalGoal | null> {
  const [row] = await db.select(goalColumns).from(organizationalGoals).where(eq(organizationalGoals.id, goalId));
  return row ?? null;
}

export async function insertGoal(
  db: DbOrTx,
  options: { programmeId: string; createdById: string; fields: GoalFields },
): Promise<TOrganizationalGoal> {
  const [row] = await db
    .insert(organizationalGoals)
    .values({ programmeId: options.programmeId, createdById: options.createdById, ...options.fields })
    .returning(goalColumns);
  return row!;
}

export async function updateGoal(
  db: DbOrTx,
  options: { goalId: string; fields: GoalFields; now: Date },
): Promise<TOrganizationalGoal | null> {
  const [row] = await db
    .update(organizationalGoals)
    .set({ ...options.fields, updatedAt: options.now })
    .where(eq(organizationalGoals.id, options.goalId))
    .returning(goalColumns);
  return row ?? null;
}

// How many KPI measurements the departments recorded under the goal's KPIs.
export async function countGoalMeasurements(db: DbOrTx, goalId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kpiMeasurements)
    .innerJoin(departmentKpis, eq(departmentKpis.id, kpiMeasurements.kpiId))
    .where(eq(departmentKpis.organizationalGoalId, goalId));
  return row?.n ?? 0;
}

export async function deleteGoal(db: DbOrTx, goalId: string): Promise<boolean> {
  const rows = await db
    .delete(organizationalGoals)
    .where(eq(organizationalGoals.id, goalId))
    .returning({ id: organizationalGoals.id });
  return rows.length > 0;
}

export async function listTeamLeaders(db: DbOrTx, organisationId: string) {
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        // Their language (docs/domain/locales-in-mail.md).
        locale: users.locale,
        directoryLocale: users.directoryLocale,
        organisationDefaultLocale: organisations.defaultLocale,
      })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      // A deactivated team leader is sent nothing (docs/domain/leaders-goals-kpis.md#the-goals-ready-e-mail).
      .where(and(eq(users.organisationId, organisationId), eq(users.role, 'team_leader'), isNull(users.deactivatedAt)))
      .orderBy(asc(users.email))
  );
}
