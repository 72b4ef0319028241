import type { Db } from '../../db/client.ts';
import { acceptTermsOnce, removeOnboardingState } from '../../db/queries/identity/account.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { localDate } from '../../lib/local-date.ts';

export function acceptTerms(db: Db, options: { userId: string; now: Date }): Promise<Date> {
  return acceptTermsOnce(db, options);
}

// Developer tool: the caller's own onboarding state goes back to new
// (docs/domain/developer-tools.md#reset).
// Nothing of anyone else is touched, and it is all or nothing.
export function resetUserData(db: Db, options: { user: SignedInUser; now: Date }) {
  const { user } = options;
  return removeOnboardingState(db, { userId: user.id, today: localDate(options.now, user.timeZone) });
}
