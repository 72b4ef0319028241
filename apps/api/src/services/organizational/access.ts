import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { findProgrammeInOrganisation, type ProgrammeRef } from '../../db/queries/organizational/organizational.ts';
import {
  findDepartmentInOrganisation,
  managesTeam,
  type DepartmentRef,
} from '../../db/queries/organizational/departments.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';

// The checks every organizational call shares (docs/domain/leaders-goals-kpis.md#order-of-checks):
// an id outside the caller's organisation is not found (never forbidden), then the role, then the
// programme's start date.
export const PROGRAMME_NOT_FOUND = 'This programme was not found in your organisation.';
export const DEPARTMENT_NOT_FOUND = 'This department was not found in your organisation.';

export async function programmeOf(
  db: DbOrTx,
  options: { user: SignedInUser; programmeId: string; forUpdate?: boolean },
): Promise<ProgrammeRef> {
  const programme = await findProgrammeInOrganisation(db, {
    programmeId: options.programmeId,
    organisationId: options.user.organisationId,
    forUpdate: options.forUpdate,
  });
  if (!programme) throw notFound(PROGRAMME_NOT_FOUND);
  return programme;
}

export function requireLeader(user: SignedInUser): void {
  if (user.role !== 'leader') {
    throw forbidden("Only your organisation's leader can create, change or delete organisational goals.");
  }
}

export function requireTeamLeader(user: SignedInUser, doing: string): void {
  if (user.role !== 'team_leader') throw forbidden(`Only team leaders can ${doing}.`);
}

// Goals, departments and KPIs are read-only from the programme's starts_at on. The date is the
// caller's own calendar date of the start.
export function assertNotStarted(
  programme: ProgrammeRef,
  options: { user: SignedInUser; now: Date; what: 'Goals' | 'Departments and KPIs' },
): void {
  if (programme.startsAt && programme.startsAt.getTime() <= options.now.getTime()) {
    const day = localDate(programme.startsAt, options.user.timeZone);
    throw conflict(`${options.what} can no longer be changed: the programme started on ${day}.`);
  }
}

// A team leader's own department: one it made, or one of a team it manages.
export async function ownsDepartment(db: DbOrTx, user: SignedInUser, department: DepartmentRef): Promise<boolean> {
  if (user.role !== 'team_leader') return false;
  if (department.createdById === user.id) return true;
  return managesTeam(db, { teamId: department.teamId, userId: user.id });
}

// The department if the caller may read it: a leader reads every department of its organisation,
// a team leader its own.
export async function readableDepartment(db: DbOrTx, user: SignedInUser, departmentId: string) {
  const department = await departmentOf(db, user, departmentId);
  if (user.role === 'leader') return department;
  if (user.role !== 'team_leader') throw forbidden('Only leaders and team leaders can see departments and KPIs.');
  if (!(await ownsDepartment(db, user, department))) {
    throw forbidden('You can only see the KPIs of your own departments.');
  }
  return department;
}

// The department if the caller may change it, and the programme has not started.
export async function writableDepartment(db: DbOrTx, options: { user: SignedInUser; departmentId: string; now: Date }) {
  const { user } = options;
  const department = await departmentOf(db, user, options.departmentId);
  requireTeamLeader(user, 'define department KPIs');
  if (!(await ownsDepartment(db, user, department))) {
    throw forbidden('You can only change the KPIs of your own departments.');
  }
  // Locking the programme row orders this write after any goal change in flight (no KPI for a goal
  // being deleted), and the start date is read under the lock.
  const programme = await programmeOf(db, { user, programmeId: department.programmeId, forUpdate: true });
  assertNotStarted(programme, { user, now: options.now, what: 'Departments and KPIs' });
  return department;
}

// The department if the caller may record its KPIs' values: its own team leader, at any time
// (measuring after the start is the point; docs/domain/leaders-goals-kpis.md#kpi-measurements).
export async function measurableDepartment(db: DbOrTx, user: SignedInUser, departmentId: string) {
  const department = await departmentOf(db, user, departmentId);
  requireTeamLeader(user, 'record KPI values');
  if (!(await ownsDepartment(db, user, department))) {
    throw forbidden('You can only record values for the KPIs of your own departments.');
  }
  return department;
}

async function departmentOf(db: DbOrTx, user: SignedInUser, departmentId: string): Promise<DepartmentRef> {
  const department = await findDepartmentInOrganisation(db, { departmentId, organisationId: user.organisationId });
  if (!department) throw notFound(DEPARTMENT_NOT_FOUND);
  return department;
}
