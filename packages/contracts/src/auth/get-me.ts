import { z } from 'zod';

export const ZUserRole = z.enum(['leader', 'team_leader', 'member']);
export type TUserRole = z.infer<typeof ZUserRole>;

export const ZMeResponse = z.object({
  id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  job_title: z.string().nullable(),
  role: ZUserRole,
  // The administration right (docs/domain/administration.md#administrators), beside the programme
  // role.
  is_admin: z.boolean(),
  time_zone: z.string(),
  has_accepted_terms: z.boolean(),
  provider: z.enum(['auth0', 'azure_ad']),
  organization: z.object({ id: z.uuid(), name: z.string() }),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;
