import { z } from 'zod';
import { zPlainText } from '../common/plain-text.ts';
import { ZHabit } from '../programmes/list-behaviours.ts';

export const HABIT_LOG_NOTE_MAX = 1000;
// A forgotten day may be logged (or changed) from the habit's history, and a check-in kept in the
// browser while offline may arrive late: today and the two local dates before it
// (docs/domain/check-ins.md#which-days-can-be-logged); an earlier date answers 409.
export const HABIT_LOG_MAX_DAYS_LATE = 2;

// {habitId} is the habit's id (or the user habit's id); either way it must be one of the caller's
// active habits (a completed one answers 409: its frame is over).
export const ZHabitLogParams = z.object({ habitId: z.uuid({ error: 'must be a habit id (UUID)' }) });

export const ZLogHabitRequest = z.strictObject({
  log_type: z.enum(['completed', 'skipped'], { error: "must be 'completed' or 'skipped'" }),
  note: zPlainText()
    .trim()
    .max(HABIT_LOG_NOTE_MAX, { error: `must be at most ${HABIT_LOG_NOTE_MAX} characters` })
    .nullish(),
  positive_change_id: z.uuid({ error: 'must be a positive change id (UUID)' }).nullish(),
  // The member's local date of the check-in; defaults to today. Only today and the two dates
  // before it, within the habit's frame, never a paused day.
  log_date: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional(),
});
export type TLogHabitRequest = z.infer<typeof ZLogHabitRequest>;

export const ZHabitLog = z.object({
  id: z.uuid(),
  user_habit_id: z.uuid(),
  habit_id: z.uuid(),
  log_date: z.iso.date(),
  log_type: z.enum(['completed', 'skipped']),
  note: z.string().nullable(),
  positive_change_id: z.uuid().nullable(),
});
export type THabitLog = z.infer<typeof ZHabitLog>;

// 201 when the day's log was created, 200 when it was updated.
export const ZLogHabitResponse = ZHabitLog;

// What the check-in screen loads: the habit (with its positive changes) and today's log, if any.
export const ZTodayLogResponse = z.object({
  habit: ZHabit,
  user_habit_id: z.uuid(),
  today: z.iso.date(),
  log: ZHabitLog.nullable(),
});
export type TTodayLogResponse = z.infer<typeof ZTodayLogResponse>;
