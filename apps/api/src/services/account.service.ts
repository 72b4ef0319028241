import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { habitLogs, moodEntries, userHabits, users } from '../db/schema/index.ts';
import { localDate } from '../lib/local-date.ts';

export async function acceptTerms(db: Db, options: { userId: string; now: Date }): Promise<Date> {
  // The first acceptance is the one on record; accepting again changes nothing.
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

// Developer tool: the caller's own onboarding state goes back to new (DOMAIN "Developer tools").
// Nothing of anyone else is touched, and it is all or nothing.
export async function resetUserData(db: Db, options: { user: SignedInUser; now: Date }) {
  const { user } = options;
  return db.transaction(async (tx) => {
    const [logs] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(habitLogs)
      .innerJoin(userHabits, eq(userHabits.id, habitLogs.userHabitId))
      .where(eq(userHabits.userId, user.id));
    const habits = await tx.delete(userHabits).where(eq(userHabits.userId, user.id)).returning({ id: userHabits.id });
    const moods = await tx
      .delete(moodEntries)
      .where(and(eq(moodEntries.userId, user.id), eq(moodEntries.entryDate, localDate(options.now, user.timeZone))))
      .returning({ id: moodEntries.id });
    await tx.update(users).set({ termsAcceptedAt: null, privacyAcceptedAt: null }).where(eq(users.id, user.id));
    return { habits: habits.length, logs: logs?.n ?? 0, mood_entries: moods.length };
  });
}
