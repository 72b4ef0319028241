import { z } from 'zod';

// GET /api/v1/admin/teams: the organisation's teams (from the people file, SCIM groups or an
// upload), by name, for the console's team filter and pickers; a team archived by the directory
// (its SCIM group deleted) is left out, since it is offered to nobody. Administrators only.
export const ZAdminTeam = z.object({
  id: z.uuid(),
  name: z.string(),
  // "team", "department" (created by SCIM) or what the people file says.
  type: z.string(),
});
export type TAdminTeam = z.infer<typeof ZAdminTeam>;

export const ZListTeamsResponse = z.array(ZAdminTeam);
export type TListTeamsResponse = z.infer<typeof ZListTeamsResponse>;
