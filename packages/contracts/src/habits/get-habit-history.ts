import { z } from 'zod';
import { ZPositiveChange } from '../programmes/list-behaviours.ts';

// GET /habits/{userHabitId}/history — one of the caller's user habits (active or completed), its
// whole frame day by day with its figures (docs/domain/habits-and-the-frame.md#a-habits-history,
// decision 014).
export const ZUserHabitParams = z.object({ userHabitId: z.uuid({ error: 'must be a user habit id (UUID)' }) });

// What a date of the frame shows: completed, did not do it (skipped), paused, not logged (a past
// date without a log), today (not logged yet) or future. A logged today shows its log.
export const HISTORY_DAY_STATES = ['completed', 'skipped', 'paused', 'not_logged', 'today', 'future'] as const;
export type THistoryDayState = (typeof HISTORY_DAY_STATES)[number];

export const ZHistoryDay = z.object({
  date: z.iso.date(),
  state: z.enum(HISTORY_DAY_STATES),
  note: z.string().nullable(),
  positive_change: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  // Whether the caller may log or change this date now (today and the two dates before it).
  can_log: z.boolean(),
});
export type THistoryDay = z.infer<typeof ZHistoryDay>;

export const ZHabitPause = z.object({
  id: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  // Some of its days have not passed yet, so cancelling removes them.
  cancellable: z.boolean(),
});
export type THabitPause = z.infer<typeof ZHabitPause>;

export const ZHabitHistoryResponse = z.object({
  user_habit_id: z.uuid(),
  habit_id: z.uuid(),
  habit_name: z.string(),
  // completed: the frame is over (it may still say active until the member next picks a habit).
  status: z.enum(['active', 'completed', 'ended']),
  // The caller's local date.
  today: z.iso.date(),
  started_on: z.iso.date(),
  // The frame's last date: start + total days - 1 + paused days.
  ends_on: z.iso.date(),
  total_days: z.number().int(),
  days_completed: z.number().int(),
  current_streak: z.number().int(),
  best_streak: z.number().int(),
  // 0–100: exponential moving average of completed (1) and missed (0) days, half-life 14 days.
  strength: z.number().int().min(0).max(100),
  positive_changes_logged: z.number().int(),
  paused_days: z.number().int(),
  max_paused_days: z.number().int(),
  days: z.array(ZHistoryDay),
  pauses: z.array(ZHabitPause),
  // The habit's positive changes, to pick one when logging a day.
  positive_changes: z.array(ZPositiveChange),
});
export type THabitHistoryResponse = z.infer<typeof ZHabitHistoryResponse>;
