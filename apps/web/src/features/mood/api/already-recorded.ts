import type { TMoodEntry } from '@habitrack/contracts/mood/record-mood';
import { HttpError } from '../../../lib/http.ts';

// A 409 means today's mood is already recorded (in another tab or on another device): what the
// prompt asked for exists, so it counts as done (null: no new entry) instead of trapping the
// member in a prompt they cannot answer.
export async function alreadyRecordedCountsAsDone(saving: Promise<TMoodEntry>): Promise<TMoodEntry | null> {
  try {
    return await saving;
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return null;
    throw error;
  }
}
