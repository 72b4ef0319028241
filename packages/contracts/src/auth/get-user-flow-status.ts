import { z } from 'zod';
import { ZUserRole } from './get-me.ts';

export const ZNavigationPath = z.enum(['terms', 'onboarding', 'dashboard']);
export type TNavigationPath = z.infer<typeof ZNavigationPath>;

export const ZManageableTeam = z.object({ id: z.uuid(), name: z.string(), type: z.string() });

export const ZUserFlowStatusResponse = z.object({
  navigation_path: ZNavigationPath,
  has_accepted_terms: z.boolean(),
  has_active_habits: z.boolean(),
  needs_mood_entry: z.boolean(),
  role: ZUserRole,
  has_organizational_goals: z.boolean(),
  manageable_teams: z.array(ZManageableTeam),
});
export type TUserFlowStatusResponse = z.infer<typeof ZUserFlowStatusResponse>;
