import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import type { TUserHabit } from '@habitrack/contracts/habits/list-my-active-habits';
import type { DbOrTx } from '../db/client.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { activeSlots, findHabitInCurrentProgramme, listActiveUserHabits } from '../db/queries/user-habits.ts';
import { userHabits } from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { localDate } from '../lib/local-date.ts';

export type SelectHabitResult = { created: boolean; userHabit: TUserHabit };

// Selecting is idempotent, and the 3-habit limit holds under races because each active habit
// takes a slot guarded by a unique index (docs/decisions/002): a lost race just tries again.
export async function selectHabit(
  db: DbOrTx,
  options: { user: SignedInUser; habitId: string; now: Date },
): Promise<SelectHabitResult> {
  const { user, habitId } = options;
  const habit = await findHabitInCurrentProgramme(db, { userId: user.id, habitId });
  if (!habit) throw notFound('This habit is not part of your current programme.');

  for (let attempt = 0; attempt <= MAX_ACTIVE_HABITS; attempt++) {
    const taken = await activeSlots(db, user.id);
    const existing = taken.find((row) => row.habitId === habitId);
    if (existing) return { created: false, userHabit: await activeUserHabit(db, user.id, existing.id) };
    const free = [1, 2, 3].find((slot) => !taken.some((row) => row.slot === slot));
    if (free === undefined) {
      throw conflict(
        `You already have ${MAX_ACTIVE_HABITS} active habits, the most you can work on at once. ` +
          'Finish or stop one before adding another.',
      );
    }
    const [inserted] = await db
      .insert(userHabits)
      .values({
        userId: user.id,
        habitId,
        slot: free,
        startedOn: localDate(options.now, user.timeZone),
        targetDays: habit.defaultDurationDays,
      })
      .onConflictDoNothing()
      .returning({ id: userHabits.id });
    if (inserted) return { created: true, userHabit: await activeUserHabit(db, user.id, inserted.id) };
  }
  throw conflict('Your habits changed while this request was running. Please try again.');
}

async function activeUserHabit(db: DbOrTx, userId: string, userHabitId: string): Promise<TUserHabit> {
  const found = (await listActiveUserHabits(db, userId)).find((h) => h.id === userHabitId);
  if (!found) throw conflict('Your habits changed while this request was running. Please try again.');
  return found;
}
