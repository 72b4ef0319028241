import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { users } from '../../schema/index.ts';

export async function updateTimeZone(db: DbOrTx, options: { userId: string; timeZone: string }): Promise<void> {
  await db.update(users).set({ timeZone: options.timeZone }).where(eq(users.id, options.userId));
}

// The member's own choice of language (null clears it); the column's check refuses any other value.
export async function saveChosenLocale(db: DbOrTx, options: { userId: string; locale: string | null }): Promise<void> {
  await db.update(users).set({ locale: options.locale }).where(eq(users.id, options.userId));
}
