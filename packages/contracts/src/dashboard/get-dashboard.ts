import { z } from 'zod';

// The mood widget's benefit messages, as the API words them (English). The web app shows its own
// catalog's words for each (apps/web/src/features/dashboard/utils/benefit-message.ts).
export const BENEFIT_MOST_DAYS =
  'Checking in with yourself most days builds self-awareness, the root of steady leadership.';
export const BENEFIT_TOUGH_WEEK = 'Tough week? Small wins count: one completed habit a day is real progress.';
export const BENEFIT_KEEP_GOING = 'Every check-in helps you spot what lifts your energy. Keep going.';

export const ZDashboardHabit = z.object({
  // The active user habit's id (the check-in route accepts it).
  id: z.uuid(),
  habit_id: z.uuid(),
  habit_name: z.string(),
  progress_percentage: z.number().int().min(0).max(100),
  current_streak: z.number().int().min(0),
  days_completed: z.number().int().min(0),
  total_days: z.number().int().min(1),
  logged_today: z.boolean(),
  // Today is one of the habit's paused days: it is not logged
  // (docs/domain/pauses.md#what-a-paused-day-does).
  paused_today: z.boolean(),
});

export const ZMoodDay = z.object({
  mood_value: z.number().int().min(1).max(5).nullable(),
  mood_label: z.string(),
  mood_emoji: z.string(),
  skipped: z.boolean(),
});

export const ZDashboardResponse = z.object({
  user_name: z.string(),
  programme_name: z.string().nullable(),
  first_module_name: z.string().nullable(),
  active_habits: z.array(ZDashboardHabit),
  can_add_more_habits: z.boolean(),
  team_widget: z
    .object({ name: z.string(), member_count: z.number().int(), my_rank: z.number().int().min(1) })
    .nullable(),
  mood_widget: z.object({
    current_week: z.object({
      // The last 7 local dates, oldest first, including today.
      dates: z.array(z.iso.date()),
      // Keyed by date; dates without an entry are absent.
      entries: z.record(z.iso.date(), ZMoodDay),
    }),
    weekly_stats: z.object({
      entries_count: z.number().int().min(0).max(7),
      average_mood: z.number().nullable(),
      completion_rate: z.number().int().min(0).max(100),
    }),
    benefit_message: z.string().nullable(),
  }),
  positive_changes_widget: z.object({
    total_logged: z.number().int().min(0),
    changes: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        description: z.string().nullable(),
        category: z.string(),
        count: z.number().int().min(1),
      }),
    ),
  }),
  // Endorsements received: all of them, and those that arrived since the member last opened
  // their endorsements page (all of them until they first open it).
  endorsements_widget: z.object({
    total_received: z.number().int().min(0),
    new_since_last_visit: z.number().int().min(0),
  }),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
