import { z } from 'zod';
import { ZUserRole } from '../auth/get-me.ts';

export const ZCohortMember = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    full_name: z.string(),
    job_title: z.string().nullable(),
    role: ZUserRole,
  }),
  rank: z.number().int().min(1),
  active_habits: z.array(z.object({ name: z.string(), days_completed: z.number().int().min(0) })),
  total_progress_percentage: z.number().int().min(0).max(100),
  current_streak: z.number().int().min(0),
  total_endorsements: z.number().int().min(0),
  endorsed_today: z.boolean(),
  is_current_user: z.boolean(),
});
export type TCohortMember = z.infer<typeof ZCohortMember>;

// Ranked: progress descending, then streak descending, then name.
export const ZListCohortMembersResponse = z.array(ZCohortMember);
