import type { TGoalInput } from '@habitrack/contracts/organizational/create-goal';
import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import {
  countGoalMeasurements,
  countGoals,
  deleteGoal,
  findGoal,
  findGoalProgrammeId,
  insertGoal,
  listGoals,
  updateGoal,
  type GoalFields,
} from '../../db/queries/organizational/organizational.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { KPI_MEASUREMENT_KPI_CONSTRAINT, violatesConstraint } from '../../lib/constraint-violation.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import { assertNotStarted, programmeOf, requireLeader } from './access.ts';
import { queueGoalsReadyNotices } from '../notifications/outbox.service.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

const GOAL_NOT_FOUND = 'This organisational goal was not found in your organisation.';

const fieldsOf = (input: TGoalInput): GoalFields => ({
  title: input.title,
  description: input.description,
  sequenceOrder: input.sequence_order,
});

// Anyone in the programme's organisation may read its goals.
export async function listProgrammeGoals(
  database: AppDatabase,
  options: { user: SignedInUser; programmeId: string },
): Promise<TOrganizationalGoal[]> {
  const db = database.db;
  const programme = await programmeOf(db, options);
  return listGoals(db, programme.id);
}

// The programme row is locked for the transaction, so exactly one writer sees "no goals yet" and
// queues the notice to team leaders with the goal; the outbox's dedupe key covers the rest.
export async function createGoal(
  database: AppDatabase,
  options: { user: SignedInUser; programmeId: string; input: TGoalInput; now: Date; publicUrl: string },
): Promise<TOrganizationalGoal> {
  const db = database.db;
  const { user, now } = options;
  return db.transaction(async (tx) => {
    const programme = await programmeOf(tx, { user, programmeId: options.programmeId, forUpdate: true });
    requireLeader(user);
    assertNotStarted(programme, { user, now, what: 'Goals' });
    const isFirst = (await countGoals(tx, programme.id)) === 0;
    const goal = await insertGoal(tx, {
      programmeId: programme.id,
      createdById: user.id,
      fields: fieldsOf(options.input),
    });
    if (isFirst) await queueGoalsReadyNotices(tx, { programme, leader: user, publicUrl: options.publicUrl, now });
    await auditWrite(tx, user, {
      action: 'goal.create',
      entity: 'organizational_goal',
      entityId: goal.id,
      after: goal,
    });
    return goal;
  });
}

export async function updateProgrammeGoal(
  database: AppDatabase,
  options: { user: SignedInUser; goalId: string; input: TGoalInput; now: Date },
): Promise<TOrganizationalGoal> {
  const db = database.db;
  const { user, goalId, now } = options;
  return db.transaction(async (tx) => {
    await writableGoal(tx, { user, goalId, now });
    const before = await findGoal(tx, goalId);
    const goal = await updateGoal(tx, { goalId, fields: fieldsOf(options.input), now });
    if (!before || !goal) throw notFound(GOAL_NOT_FOUND);
    await auditWrite(tx, user, {
      action: 'goal.update',
      entity: 'organizational_goal',
      entityId: goalId,
      before,
      after: goal,
    });
    return goal;
  });
}

const GOAL_HAS_MEASUREMENTS =
  'This goal cannot be deleted: its departments have recorded KPI values for it. Change its title or description instead.';

// Deleting a goal takes the departments' links to it and their KPIs for it along (cascade): until
// the programme starts the leader may reshape the goals, and team leaders see the result. A goal
// whose KPIs have measurements stays: they are the departments' record, and nothing deletes them
// (docs/decisions/020-nothing-cascades-away-history.md).
export async function deleteProgrammeGoal(
  database: AppDatabase,
  options: { user: SignedInUser; goalId: string; now: Date },
): Promise<void> {
  const db = database.db;
  try {
    await db.transaction(async (tx) => {
      await writableGoal(tx, options);
      const before = await findGoal(tx, options.goalId);
      if (!before) throw notFound(GOAL_NOT_FOUND);
      if ((await countGoalMeasurements(tx, options.goalId)) > 0) throw conflict(GOAL_HAS_MEASUREMENTS);
      if (!(await deleteGoal(tx, options.goalId))) throw notFound(GOAL_NOT_FOUND);
      await auditWrite(tx, options.user, {
        action: 'goal.delete',
        entity: 'organizational_goal',
        entityId: options.goalId,
        before,
      });
    });
  } catch (error) {
    // A measurement recorded while the goal was being deleted: the database refused the delete.
    if (violatesConstraint(error, KPI_MEASUREMENT_KPI_CONSTRAINT)) throw conflict(GOAL_HAS_MEASUREMENTS);
    throw error;
  }
}

async function writableGoal(db: DbOrTx, options: { user: SignedInUser; goalId: string; now: Date }) {
  const { user } = options;
  const programmeId = await findGoalProgrammeId(db, { goalId: options.goalId, organisationId: user.organisationId });
  if (!programmeId) throw notFound(GOAL_NOT_FOUND);
  const programme = await programmeOf(db, { user, programmeId, forUpdate: true });
  requireLeader(user);
  assertNotStarted(programme, { user, now: options.now, what: 'Goals' });
}
