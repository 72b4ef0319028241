import { z } from 'zod';
import { ZHabitPause } from './get-habit-history.ts';

// POST /habits/{userHabitId}/pauses — pause an active habit on the local dates from..to (both
// included): from today on, never overlapping another pause of the habit, at most 14 paused days
// per frame (docs/domain/pauses.md#how-long). Each paused day moves the frame's end one day later.
export const MAX_PAUSED_DAYS = 14;

export const ZPauseHabitRequest = z
  .strictObject({
    from: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
    to: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
  })
  .refine((range) => range.to >= range.from, { error: 'must not be before from', path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) < MAX_PAUSED_DAYS * 86_400_000, {
    error: `must make a pause of at most ${MAX_PAUSED_DAYS} days (from and to included)`,
    path: ['to'],
  });
export type TPauseHabitRequest = z.infer<typeof ZPauseHabitRequest>;

export const ZPauseHabitResponse = ZHabitPause.extend({
  user_habit_id: z.uuid(),
  // The habit's frame end with this pause.
  frame_ends_on: z.iso.date(),
});
export type TPauseHabitResponse = z.infer<typeof ZPauseHabitResponse>;
