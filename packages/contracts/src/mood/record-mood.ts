import { z } from 'zod';

export const MOOD_SCALE = [
  { value: 1, label: 'Awful', emoji: '😞' },
  { value: 2, label: 'Not good', emoji: '😕' },
  { value: 3, label: 'Fine', emoji: '😐' },
  { value: 4, label: 'Good', emoji: '🙂' },
  { value: 5, label: 'Great', emoji: '😄' },
] as const;

export const ZRecordMoodRequest = z.strictObject({
  mood_value: z.int({ error: 'must be a whole number from 1 to 5' }).min(1).max(5),
});
export type TRecordMoodRequest = z.infer<typeof ZRecordMoodRequest>;

export const ZMoodEntry = z.object({
  entry_date: z.iso.date(),
  mood_value: z.number().int().min(1).max(5).nullable(),
  skipped: z.boolean(),
});
export type TMoodEntry = z.infer<typeof ZMoodEntry>;
