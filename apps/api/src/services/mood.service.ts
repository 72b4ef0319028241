import type { TMoodEntry } from '@habitrack/contracts/mood/record-mood';
import type { DbOrTx } from '../db/client.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { moodEntries } from '../db/schema/index.ts';
import { conflict } from '../lib/errors.ts';
import { localDate } from '../lib/local-date.ts';

// One entry per member per local date (a value or a skip); the unique constraint settles races.
export async function recordMood(
  db: DbOrTx,
  options: { user: SignedInUser; now: Date; moodValue: number | null },
): Promise<TMoodEntry> {
  const entryDate = localDate(options.now, options.user.timeZone);
  const skipped = options.moodValue === null;
  const [row] = await db
    .insert(moodEntries)
    .values({ userId: options.user.id, entryDate, moodValue: options.moodValue, skipped })
    .onConflictDoNothing({ target: [moodEntries.userId, moodEntries.entryDate] })
    .returning();
  if (!row) throw conflict("You've already recorded today's mood. You can record it again tomorrow.");
  return { entry_date: row.entryDate, mood_value: row.moodValue, skipped: row.skipped };
}
