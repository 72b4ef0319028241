import type { TMeResponse } from '@habitrack/contracts/auth/get-me';
import { isSupportedLocale, resolveLocale } from '@habitrack/contracts/common/locales';
import type { Caller } from '../../plugins/auth.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';

// Whose locale (docs/domain/locales.md): the member's choice, their directory's, the request's
// Accept-Language, their organisation's default, in that order.
export function localeOf(user: SignedInUser, acceptLanguage: string | undefined) {
  return {
    locale: resolveLocale({
      chosen: user.locale,
      directory: user.directoryLocale,
      acceptLanguage,
      organisationDefault: user.organisationDefaultLocale,
    }),
    chosen_locale: isSupportedLocale(user.locale) ? user.locale : null,
  };
}

export function toMeResponse({ user, token }: Caller, options: { acceptLanguage: string | undefined }): TMeResponse {
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
    ...localeOf(user, options.acceptLanguage),
  };
}
