import type { TMoodEntry } from '@habitrack/contracts/mood/record-mood';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { insertMood } from '../../db/queries/mood/moods.ts';
import { conflict } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';

// One entry per member per local date (a value or a skip).
export async function recordMood(
  db: DbOrTx,
  options: { user: SignedInUser; now: Date; moodValue: number | null },
): Promise<TMoodEntry> {
  const row = await insertMood(db, {
    userId: options.user.id,
    entryDate: localDate(options.now, options.user.timeZone),
    moodValue: options.moodValue,
    skipped: options.moodValue === null,
  });
  if (!row) throw conflict("You've already recorded today's mood. You can record it again tomorrow.");
  return { entry_date: row.entryDate, mood_value: row.moodValue, skipped: row.skipped };
}
