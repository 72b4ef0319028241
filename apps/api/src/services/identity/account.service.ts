import { acceptTermsOnce, removeOnboardingState } from '../../db/queries/identity/account.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { localDate } from '../../lib/local-date.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

export function acceptTerms(database: AppDatabase, options: { userId: string; now: Date }): Promise<Date> {
  const db = database.db;
  return acceptTermsOnce(db, options);
}

// Developer tool: the caller's own onboarding state goes back to new
// (docs/domain/developer-tools.md#reset).
// Nothing of anyone else is touched, and it is all or nothing.
export function resetUserData(database: AppDatabase, options: { user: SignedInUser; now: Date }) {
  const db = database.db;
  const { user } = options;
  return removeOnboardingState(db, { userId: user.id, today: localDate(options.now, user.timeZone) });
}
