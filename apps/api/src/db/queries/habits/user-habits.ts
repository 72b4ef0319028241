import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { TUserHabit } from '@habitrack/contracts/habits/list-my-active-habits';
import type { DbOrTx } from '../../client.ts';
import { behaviours, cohortMembers, cohorts, habits, userHabits } from '../../schema/index.ts';
import { loadHabits } from '../programmes/programmes.ts';

// The member's active habits on their date `today`: a habit whose frame is over is completed
// (decision 014), whether or not its row says so yet.
export async function listActiveUserHabits(
  db: DbOrTx,
  options: { userId: string; today: string; locale: string },
): Promise<TUserHabit[]> {
  const rows = await db
    .select({ userHabit: userHabits, habit: habits })
    .from(userHabits)
    .innerJoin(habits, eq(habits.id, userHabits.habitId))
    .where(
      and(
        eq(userHabits.userId, options.userId),
        eq(userHabits.status, 'active'),
        gte(userHabits.frameEndsOn, options.today),
      ),
    )
    .orderBy(asc(userHabits.slot));
  const loaded = await loadHabits(
    db,
    rows.map((r) => r.habit),
    options.locale,
  );
  return rows.map((row, i) => ({
    id: row.userHabit.id,
    habit: loaded[i]!,
    started_on: row.userHabit.startedOn,
    target_days: row.userHabit.targetDays,
  }));
}

// The habit, if it belongs to the programme of the user's cohort (the only habits they may pick).
export async function findHabitInCurrentProgramme(db: DbOrTx, options: { userId: string; habitId: string }) {
  const [row] = await db
    .select({ habit: habits })
    .from(habits)
    .innerJoin(behaviours, eq(behaviours.id, habits.behaviourId))
    .innerJoin(cohorts, eq(cohorts.programmeId, behaviours.programmeId))
    .innerJoin(cohortMembers, eq(cohortMembers.cohortId, cohorts.id))
    .where(and(eq(habits.id, options.habitId), eq(cohortMembers.userId, options.userId)))
    .limit(1);
  return row?.habit ?? null;
}

export async function activeSlots(db: DbOrTx, userId: string) {
  return db
    .select({ id: userHabits.id, habitId: userHabits.habitId, slot: userHabits.slot })
    .from(userHabits)
    .where(and(eq(userHabits.userId, userId), eq(userHabits.status, 'active')));
}

// Marks completed the member's active habits whose frame ended before `today`, freeing their
// slots (decision 002): the only write of the end of a frame, made before a habit is picked.
export async function completeEndedHabits(db: DbOrTx, options: { userId: string; today: string }) {
  return db
    .update(userHabits)
    .set({ status: 'completed', slot: null })
    .where(
      and(
        eq(userHabits.userId, options.userId),
        eq(userHabits.status, 'active'),
        lt(userHabits.frameEndsOn, options.today),
      ),
    )
    .returning({ id: userHabits.id });
}

// Null when the slot was taken meanwhile (a unique index guards each active slot, decision 002).
export async function insertUserHabit(
  db: DbOrTx,
  values: { userId: string; habitId: string; slot: number; startedOn: string; targetDays: number },
): Promise<{ id: string } | null> {
  const [row] = await db.insert(userHabits).values(values).onConflictDoNothing().returning({ id: userHabits.id });
  return row ?? null;
}
