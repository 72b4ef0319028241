import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../client.ts';
import { retryOnDeadlock } from '../../deadlock.ts';
import { endorsements, userHabits, users } from '../../schema/index.ts';

// Whether the member has an active habit on their own date at `now` (one whose frame is not over,
// decision 014).
export async function hasActiveHabit(db: DbOrTx, options: { userId: string; now: Date }): Promise<boolean> {
  const [row] = await db
    .select({ id: userHabits.id })
    .from(userHabits)
    .innerJoin(users, eq(users.id, userHabits.userId))
    .where(
      and(
        eq(userHabits.userId, options.userId),
        eq(userHabits.status, 'active'),
        sql`${userHabits.frameEndsOn} >= (${options.now.toISOString()}::timestamptz at time zone ${users.timeZone})::date`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// Null when the endorser already endorsed them on that date (the unique constraint decides races).
// Its own transaction (not inside one): run again if it was a deadlock's victim (db/deadlock.ts).
export async function insertEndorsement(
  db: Db,
  values: { endorserId: string; endorsedId: string; endorsedOn: string; message: string },
) {
  const [row] = await retryOnDeadlock(() =>
    db
      .insert(endorsements)
      .values(values)
      .onConflictDoNothing({ target: [endorsements.endorserId, endorsements.endorsedId, endorsements.endorsedOn] })
      .returning(),
  );
  return row ?? null;
}

export async function countEndorsementsReceived(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(endorsements).where(eq(endorsements.endorsedId, userId));
  return row?.n ?? 0;
}
