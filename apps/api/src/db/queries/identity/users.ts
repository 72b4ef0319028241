import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../client.ts';
import { users } from '../../schema/index.ts';

export async function updateTimeZone(db: DbOrTx, options: { userId: string; timeZone: string }): Promise<void> {
  await db.update(users).set({ timeZone: options.timeZone }).where(eq(users.id, options.userId));
}
