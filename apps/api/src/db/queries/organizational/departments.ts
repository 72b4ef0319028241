import { and, asc, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { DbOrTx } from '../../client.ts';
import {
  departmentGoals,
  departments,
  organizationalGoals,
  programmes,
  teamManagers,
  teams,
} from '../../schema/index.ts';

export type DepartmentRef = {
  id: string;
  programmeId: string;
  teamId: string;
  createdById: string | null;
};

export async function findTeamInOrganisation(db: DbOrTx, options: { teamId: string; organisationId: string }) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, archivedAt: teams.archivedAt })
    .from(teams)
    .where(and(eq(teams.id, options.teamId), eq(teams.organisationId, options.organisationId)))
    .limit(1);
  return row ?? null;
}

export async function managesTeam(db: DbOrTx, options: { teamId: string; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teamManagers.teamId })
    .from(teamManagers)
    .where(and(eq(teamManagers.teamId, options.teamId), eq(teamManagers.userId, options.userId)))
    .limit(1);
  return row !== undefined;
}

// The department if its programme belongs to the organisation.
export async function findDepartmentInOrganisation(
  db: DbOrTx,
  options: { departmentId: string; organisationId: string },
): Promise<DepartmentRef | null> {
  const [row] = await db
    .select({
      id: departments.id,
      programmeId: departments.programmeId,
      teamId: departments.teamId,
      createdById: departments.createdById,
    })
    .from(departments)
    .innerJoin(programmes, eq(programmes.id, departments.programmeId))
    .where(and(eq(departments.id, options.departmentId), eq(programmes.organisationId, options.organisationId)))
    .limit(1);
  return row ?? null;
}

// The programme's departments with their goals in goal order; ownerId narrows them to a team
// leader's own: made by them, or of a team they manage.
export async function listDepartments(
  db: DbOrTx,
  options: { programmeId: string; ownerId?: string; departmentId?: string },
): Promise<TDepartment[]> {
  const filters: (SQL | undefined)[] = [eq(departments.programmeId, options.programmeId)];
  if (options.departmentId) filters.push(eq(departments.id, options.departmentId));
  if (options.ownerId) {
    const managed = db
      .select({ teamId: teamManagers.teamId })
      .from(teamManagers)
      .where(and(eq(teamManagers.teamId, departments.teamId), eq(teamManagers.userId, options.ownerId)));
    filters.push(or(eq(departments.createdById, options.ownerId), exists(managed)));
  }
  const rows = await db
    .select({
      id: departments.id,
      name: departments.name,
      description: departments.description,
      team_id: departments.teamId,
    })
    .from(departments)
    .where(and(...filters))
    .orderBy(asc(departments.name), asc(departments.id));
  if (rows.length === 0) return [];
  const links = await db
    .select({ departmentId: departmentGoals.departmentId, goalId: departmentGoals.organizationalGoalId })
    .from(departmentGoals)
    .innerJoin(organizationalGoals, eq(organizationalGoals.id, departmentGoals.organizationalGoalId))
    .where(
      inArray(
        departmentGoals.departmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(organizationalGoals.sequenceOrder), asc(organizationalGoals.createdAt), asc(organizationalGoals.id));
  return rows.map((row) => ({
    ...row,
    organizational_goal_ids: links.filter((l) => l.departmentId === row.id).map((l) => l.goalId),
  }));
}

// null when the team already has a department in this programme (the unique key decides races).
export async function insertDepartment(
  db: DbOrTx,
  options: {
    programmeId: string;
    team: { id: string; name: string };
    description: string | null;
    createdById: string;
    goalIds: string[];
  },
): Promise<string | null> {
  const [row] = await db
    .insert(departments)
    .values({
      programmeId: options.programmeId,
      teamId: options.team.id,
      name: options.team.name,
      description: options.description,
      createdById: options.createdById,
    })
    .onConflictDoNothing({ target: [departments.programmeId, departments.teamId] })
    .returning({ id: departments.id });
  if (!row) return null;
  if (options.goalIds.length > 0) {
    await db
      .insert(departmentGoals)
      .values(options.goalIds.map((goalId) => ({ departmentId: row.id, organizationalGoalId: goalId })));
  }
  return row.id;
}

export async function attachGoal(db: DbOrTx, options: { departmentId: string; goalId: string }): Promise<void> {
  await db
    .insert(departmentGoals)
    .values({ departmentId: options.departmentId, organizationalGoalId: options.goalId })
    .onConflictDoNothing();
}
