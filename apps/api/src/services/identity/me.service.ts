import type { TMeResponse } from '@habitrack/contracts/auth/get-me';
import type { Caller } from '../../plugins/auth.ts';

export function toMeResponse({ user, token }: Caller): TMeResponse {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    job_title: user.jobTitle,
    role: user.role,
    is_admin: user.isAdmin,
    time_zone: user.timeZone,
    has_accepted_terms: user.termsAcceptedAt !== null && user.privacyAcceptedAt !== null,
    provider: token.provider,
    organization: { id: user.organisationId, name: user.organisationName },
  };
}
