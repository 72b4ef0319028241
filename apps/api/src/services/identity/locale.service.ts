import type { TLocaleResponse, TUpdateLocaleRequest } from '@habitrack/contracts/me/update-locale';
import { saveChosenLocale } from '../../db/queries/identity/users.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { localeOf } from './me.service.ts';

// The member's own choice of language, or null to clear it (docs/domain/locales.md#the-members-choice).
// Always the caller's own: no id is taken.
export async function updateChosenLocale(
  database: AppDatabase,
  options: { user: SignedInUser; input: TUpdateLocaleRequest; acceptLanguage: string | undefined },
): Promise<TLocaleResponse> {
  const { user, input } = options;
  if (user.locale !== input.locale) {
    await saveChosenLocale(database.db, { userId: user.id, locale: input.locale });
  }
  return localeOf({ ...user, locale: input.locale }, options.acceptLanguage);
}
