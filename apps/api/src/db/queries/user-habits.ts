import { and, asc, eq } from 'drizzle-orm';
import type { TUserHabit } from '@habitrack/contracts/habits/list-my-active-habits';
import type { DbOrTx } from '../client.ts';
import { behaviours, cohortMembers, cohorts, habits, userHabits } from '../schema/index.ts';
import { loadHabits } from './programmes.ts';

export async function listActiveUserHabits(db: DbOrTx, userId: string): Promise<TUserHabit[]> {
  const rows = await db
    .select({ userHabit: userHabits, habit: habits })
    .from(userHabits)
    .innerJoin(habits, eq(habits.id, userHabits.habitId))
    .where(and(eq(userHabits.userId, userId), eq(userHabits.status, 'active')))
    .orderBy(asc(userHabits.slot));
  const loaded = await loadHabits(
    db,
    rows.map((r) => r.habit),
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

// Null when the slot was taken meanwhile (a unique index guards each active slot, decision 002).
export async function insertUserHabit(
  db: DbOrTx,
  values: { userId: string; habitId: string; slot: number; startedOn: string; targetDays: number },
): Promise<{ id: string } | null> {
  const [row] = await db.insert(userHabits).values(values).onConflictDoNothing().returning({ id: userHabits.id });
  return row ?? null;
}
