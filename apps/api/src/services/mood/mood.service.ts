import type { TMoodEntry } from '@habitrack/contracts/mood/record-mood';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { insertMood } from '../../db/queries/mood/moods.ts';
import { conflict } from '../../lib/errors.ts';
import { localDate } from '../../lib/local-date.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// One entry per member per local date (a value or a skip).
export async function recordMood(
  database: AppDatabase,
  options: { user: SignedInUser; now: Date; moodValue: number | null },
): Promise<TMoodEntry> {
  const db = database.db;
  const row = await insertMood(db, {
    userId: options.user.id,
    entryDate: localDate(options.now, options.user.timeZone),
    moodValue: options.moodValue,
    skipped: options.moodValue === null,
  });
  if (!row) throw conflict("You've already recorded today's mood. You can record it again tomorrow.");
  return { entry_date: row.entryDate, mood_value: row.moodValue, skipped: row.skipped };
}
