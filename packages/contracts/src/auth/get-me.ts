import { z } from 'zod';
import { ZLocale } from '../common/locale-field.ts';

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
  // The language the caller reads, resolved for this request (docs/domain/locales.md): their own
  // choice, else their directory's, else the request's Accept-Language, else their organisation's
  // default. `chosen_locale` is their own choice alone (PUT /me/locale), null when they made none.
  locale: ZLocale,
  chosen_locale: ZLocale.nullable(),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;
