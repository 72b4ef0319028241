import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { endorsements, userHabits } from '../schema/index.ts';

export async function hasActiveHabit(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userHabits.id })
    .from(userHabits)
    .where(and(eq(userHabits.userId, userId), eq(userHabits.status, 'active')))
    .limit(1);
  return row !== undefined;
}

// Null when the endorser already endorsed them on that date (the unique constraint decides races).
export async function insertEndorsement(
  db: DbOrTx,
  values: { endorserId: string; endorsedId: string; endorsedOn: string; message: string },
) {
  const [row] = await db
    .insert(endorsements)
    .values(values)
    .onConflictDoNothing({ target: [endorsements.endorserId, endorsements.endorsedId, endorsements.endorsedOn] })
    .returning();
  return row ?? null;
}

export async function countEndorsementsReceived(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(endorsements).where(eq(endorsements.endorsedId, userId));
  return row?.n ?? 0;
}
