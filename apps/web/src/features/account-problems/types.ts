import type { TAuthProblemReason } from '@habitrack/contracts/auth/auth-problem';

// Every 401 `reason` that has a screen of its own; on `invalid_token` the client just signs in
// again. Tied to the contract so a reason added there cannot silently miss a screen here.
export type AccountProblemReason = Exclude<TAuthProblemReason, 'invalid_token'>;

export type AccountProblem = {
  reason: AccountProblemReason;
  // The e-mail or, failing that, the preferred username from the token.
  email: string | null;
  // Only Organization Not Registered uses it; derived from the e-mail when absent.
  organization?: string | null;
};
