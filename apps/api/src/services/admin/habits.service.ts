import type { TAdminHabit, TCreateHabitRequest, TUpdateHabitRequest } from '@habitrack/contracts/admin/content';
import type { DbOrTx } from '../../db/client.ts';
import { findBehaviour, findHabitWithProgramme, readHabit, type HabitFields } from '../../db/queries/admin/content.ts';
import {
  habitNameTaken,
  insertHabit,
  setHabitRetired,
  updateHabitFields,
} from '../../db/queries/admin/content-writes.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { changedTranslations } from './content-translations.ts';
import type { Admin } from './admin.ts';
import { lockProgramme } from './content.service.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// Habits in the administration console (issue 21, decision 018): add, change, retire, restore.
// A habit counts only through its programme in the administrator's organisation (else 404), and
// every write locks that programme's row, as the other content writes do.
const BEHAVIOUR_NOT_FOUND = 'This behaviour was not found in your organisation.';
const HABIT_NOT_FOUND = 'This habit was not found in your organisation.';

const habitFieldsOf = (input: TUpdateHabitRequest): HabitFields => ({
  name: input.name,
  description: input.description,
  instructions: input.instructions,
  difficulty: input.difficulty,
  estimatedTimeMinutes: input.estimated_time_minutes,
  defaultDurationDays: input.default_duration_days,
  tips: input.tips,
});

export async function addHabit(
  database: AppDatabase,
  options: { admin: Admin; behaviourId: string; input: TCreateHabitRequest },
): Promise<TAdminHabit> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const behaviour = await findBehaviour(tx, {
      behaviourId: options.behaviourId,
      organisationId: admin.organisationId,
    });
    if (!behaviour) throw notFound(BEHAVIOUR_NOT_FOUND);
    await lockProgramme(tx, admin, behaviour.programmeId);
    if (await habitNameTaken(tx, { behaviourId: behaviour.id, name: input.name })) {
      throw conflict(`This behaviour already has a habit named "${input.name}".`);
    }
    const id = await insertHabit(tx, {
      behaviourId: behaviour.id,
      fields: {
        name: input.name,
        description: input.description,
        instructions: input.instructions,
        difficulty: input.difficulty,
        estimatedTimeMinutes: input.estimated_time_minutes,
        defaultDurationDays: input.default_duration_days,
        tips: input.tips,
      },
    });
    const after = (await readHabit(tx, id))!;
    await auditWrite(tx, admin, { action: 'habit.create', entity: 'habit', entityId: id, after });
    return after;
  });
}

// The habit of the organisation, its programme locked, as it is before the write, with its
// programme's default language.
async function writableHabit(db: DbOrTx, admin: Admin, habitId: string) {
  const found = await findHabitWithProgramme(db, { habitId, organisationId: admin.organisationId });
  if (!found) throw notFound(HABIT_NOT_FOUND);
  const programme = await lockProgramme(db, admin, found.programmeId);
  return { habit: (await readHabit(db, habitId))!, defaultLocale: programme.defaultLocale };
}

export async function changeHabit(
  database: AppDatabase,
  options: { admin: Admin; habitId: string; input: TUpdateHabitRequest },
): Promise<TAdminHabit> {
  const db = database.db;
  const { admin, input } = options;
  return db.transaction(async (tx) => {
    const { habit: before, defaultLocale } = await writableHabit(tx, admin, options.habitId);
    if (
      input.name !== undefined &&
      (await habitNameTaken(tx, { behaviourId: before.behaviour_id, name: input.name, exceptId: before.id }))
    ) {
      throw conflict(`This behaviour already has a habit named "${input.name}".`);
    }
    const translations = changedTranslations({
      kind: 'habit',
      texts: {
        name: input.name ?? before.name,
        description: input.description === undefined ? before.description : input.description,
        instructions: input.instructions === undefined ? before.instructions : input.instructions,
        tips: input.tips ?? before.tips,
      },
      defaultLocale,
      current: before.translations,
      changes: input.translations,
    });
    await updateHabitFields(tx, { habitId: before.id, fields: { ...habitFieldsOf(input), translations } });
    const after = (await readHabit(tx, before.id))!;
    await auditWrite(tx, admin, { action: 'habit.update', entity: 'habit', entityId: before.id, before, after });
    return after;
  });
}

// Retiring keeps the habit with everyone who has it and stops offering it; restoring offers it
// again. Either, asked twice, answers the habit as it is and writes nothing the second time.
export async function setHabitRetirement(
  database: AppDatabase,
  options: { admin: Admin; habitId: string; retire: boolean; now: Date },
): Promise<TAdminHabit> {
  const db = database.db;
  const { admin, retire } = options;
  return db.transaction(async (tx) => {
    const { habit: before } = await writableHabit(tx, admin, options.habitId);
    if (before.retired === retire) return before;
    await setHabitRetired(tx, { habitId: before.id, retiredAt: retire ? options.now : null });
    const after = (await readHabit(tx, before.id))!;
    await auditWrite(tx, admin, {
      action: retire ? 'habit.retire' : 'habit.restore',
      entity: 'habit',
      entityId: before.id,
      before: { name: before.name, retired_at: before.retired_at },
      after: { name: after.name, retired_at: after.retired_at },
    });
    return after;
  });
}
