import type { DbOrTx } from '../../client.ts';
import { moodEntries } from '../../schema/index.ts';

// Null when the member already has an entry for that date (the unique constraint settles races).
export async function insertMood(
  db: DbOrTx,
  values: { userId: string; entryDate: string; moodValue: number | null; skipped: boolean },
) {
  const [row] = await db
    .insert(moodEntries)
    .values(values)
    .onConflictDoNothing({ target: [moodEntries.userId, moodEntries.entryDate] })
    .returning();
  return row ?? null;
}
