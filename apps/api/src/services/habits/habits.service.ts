import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import type { TUserHabit } from '@habitrack/contracts/habits/list-my-active-habits';
import type { THabit } from '@habitrack/contracts/programmes/list-behaviours';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { listOrganisationHabits } from '../../db/queries/programmes/programmes.ts';
import {
  activeSlots,
  completeEndedHabits,
  findHabitInCurrentProgramme,
  insertUserHabit,
  listActiveUserHabits,
} from '../../db/queries/habits/user-habits.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// Every habit of the caller's organisation's programmes.
export function listHabits(database: AppDatabase, options: { user: SignedInUser; locale: string }): Promise<THabit[]> {
  const db = database.db;
  return listOrganisationHabits(db, { organisationId: options.user.organisationId, locale: options.locale });
}

export function listMyActiveHabits(
  database: AppDatabase,
  options: { user: SignedInUser; now: Date; locale: string },
): Promise<TUserHabit[]> {
  const db = database.db;
  return listActiveUserHabits(db, {
    userId: options.user.id,
    today: localDate(options.now, options.user.timeZone),
    locale: options.locale,
  });
}

const HABIT_RETIRED = 'This habit has been retired by your programme administrator and can no longer be chosen.';

export type SelectHabitResult = { created: boolean; userHabit: TUserHabit };

// Selecting is idempotent, and the 3-habit limit holds under races because each active habit
// takes a slot guarded by a unique index (docs/decisions/002): a lost race just tries again. A habit
// whose frame is over is marked completed first: it frees its slot, and selecting the same habit
// again starts a new user habit with a new frame (decision 014).
export async function selectHabit(
  database: AppDatabase,
  options: { user: SignedInUser; habitId: string; now: Date; locale: string },
): Promise<SelectHabitResult> {
  const db = database.db;
  const { user, habitId } = options;
  const habit = await findHabitInCurrentProgramme(db, { userId: user.id, habitId });
  if (!habit) throw notFound('This habit is not part of your current programme.');
  if (habit.retiredAt !== null && !(await activeSlots(db, user.id)).some((row) => row.habitId === habitId)) {
    throw conflict(HABIT_RETIRED);
  }
  const today = localDate(options.now, user.timeZone);
  const member = { userId: user.id, today, locale: options.locale };
  await completeEndedHabits(db, member);

  for (let attempt = 0; attempt <= MAX_ACTIVE_HABITS; attempt++) {
    const taken = await activeSlots(db, user.id);
    const existing = taken.find((row) => row.habitId === habitId);
    if (existing) return { created: false, userHabit: await activeUserHabit(db, member, existing.id) };
    // A retired habit stays with whoever has it (above) and is offered to nobody else.
    if (habit.retiredAt !== null) throw conflict(HABIT_RETIRED);
    const free = [1, 2, 3].find((slot) => !taken.some((row) => row.slot === slot));
    if (free === undefined) {
      throw conflict(
        `You already have ${MAX_ACTIVE_HABITS} active habits, the most you can work on at once. ` +
          'Finish or stop one before adding another.',
      );
    }
    const inserted = await insertUserHabit(db, {
      userId: user.id,
      habitId,
      slot: free,
      startedOn: today,
      targetDays: habit.defaultDurationDays,
    });
    if (inserted) return { created: true, userHabit: await activeUserHabit(db, member, inserted.id) };
  }
  throw conflict('Your habits changed while this request was running. Please try again.');
}

async function activeUserHabit(
  db: DbOrTx,
  member: { userId: string; today: string; locale: string },
  userHabitId: string,
): Promise<TUserHabit> {
  const found = (await listActiveUserHabits(db, member)).find((h) => h.id === userHabitId);
  if (!found) throw conflict('Your habits changed while this request was running. Please try again.');
  return found;
}
