import type { TCreateDepartmentRequest } from '@habitrack/contracts/organizational/create-department';
import type { TDepartment } from '@habitrack/contracts/organizational/list-departments';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { goalIdsInProgramme } from '../../db/queries/organizational/organizational.ts';
import {
  findTeamInOrganisation,
  insertDepartment,
  listDepartments,
  managesTeam,
} from '../../db/queries/organizational/departments.ts';
import { archivedTeam, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import { assertNotStarted, programmeOf, requireTeamLeader } from './access.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// A leader sees every department of the programme; a team leader its own; members none.
export async function listProgrammeDepartments(
  database: AppDatabase,
  options: { user: SignedInUser; programmeId: string },
): Promise<TDepartment[]> {
  const db = database.db;
  const { user } = options;
  const programme = await programmeOf(db, options);
  if (user.role === 'leader') return listDepartments(db, { programmeId: programme.id });
  if (user.role !== 'team_leader') throw forbidden('Only leaders and team leaders can see departments and KPIs.');
  return listDepartments(db, { programmeId: programme.id, ownerId: user.id });
}

// One department per team per programme: a second one for the same team is refused (409) rather
// than merged, so one team leader's save never silently rewrites another's department.
export async function createDepartment(
  database: AppDatabase,
  options: { user: SignedInUser; input: TCreateDepartmentRequest; now: Date },
): Promise<TDepartment> {
  const db = database.db;
  const { user, input, now } = options;
  return db.transaction(async (tx) => {
    const programme = await programmeOf(tx, { user, programmeId: input.program_id, forUpdate: true });
    const team = await findTeamInOrganisation(tx, {
      teamId: input.selected_team_id,
      organisationId: user.organisationId,
    });
    if (!team) throw notFound('This team was not found in your organisation.');
    requireTeamLeader(user, 'create departments');
    if (!(await managesTeam(tx, { teamId: team.id, userId: user.id }))) {
      throw forbidden('You can only create a department for a team you manage.');
    }
    assertNotStarted(programme, { user, now, what: 'Departments and KPIs' });
    if (team.archivedAt !== null) throw archivedTeam(team.name);
    const known = await goalIdsInProgramme(tx, { programmeId: programme.id, goalIds: input.organizational_goal_ids });
    const unknown = input.organizational_goal_ids.find((id) => !known.has(id));
    if (unknown) throw notFound(`Organisational goal ${unknown} is not a goal of this programme.`);
    const id = await insertDepartment(tx, {
      programmeId: programme.id,
      team: { id: team.id, name: team.name },
      description: input.description,
      createdById: user.id,
      goalIds: input.organizational_goal_ids,
    });
    if (!id) {
      throw conflict(`${team.name} already has a department in this programme: add KPIs to that department instead.`);
    }
    const [department] = await listDepartments(tx, { programmeId: programme.id, departmentId: id });
    await auditWrite(tx, user, { action: 'department.create', entity: 'department', entityId: id, after: department });
    return department!;
  });
}
