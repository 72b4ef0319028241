import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { habitLogs, moodEntries, userHabits, users } from '../../schema/index.ts';

// The first acceptance is the one on record; accepting again changes nothing.
export async function acceptTermsOnce(db: DbOrTx, options: { userId: string; now: Date }): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({
      termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, ${options.now.toISOString()}::timestamptz)`,
      privacyAcceptedAt: sql`coalesce(${users.privacyAcceptedAt}, ${options.now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, options.userId))
    .returning({ acceptedAt: users.termsAcceptedAt });
  return row!.acceptedAt!;
}

// The member's habits (with their logs), their mood of `today` and their acceptance of the terms
// removed, all or nothing; what was removed is counted.
export async function removeOnboardingState(db: DbOrTx, options: { userId: string; today: string }) {
  const { userId } = options;
  return db.transaction(async (tx) => {
    const [logs] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(habitLogs)
      .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId))
      .where(eq(userHabits.userId, userId));
    const habits = await tx.delete(userHabits).where(eq(userHabits.userId, userId)).returning({ id: userHabits.id });
    const moods = await tx
      .delete(moodEntries)
      .where(and(eq(moodEntries.userId, userId), eq(moodEntries.entryDate, options.today)))
      .returning({ id: moodEntries.id });
    await tx.update(users).set({ termsAcceptedAt: null, privacyAcceptedAt: null }).where(eq(users.id, userId));
    return { habits: habits.length, logs: logs?.n ?? 0, mood_entries: moods.length };
  });
}
