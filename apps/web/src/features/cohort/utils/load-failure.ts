import { HttpError } from '../../../lib/http.ts';

// The leaderboard falls back to sample data when the cohort "cannot be loaded"
// (docs/domain/standings-and-endorsements.md#when-the-cohort-cannot-be-loaded): no answer at all
// (offline, timed out), a busy or failing server, or an answer that does not match the contract. A
// 4xx is the server's considered answer about this person and is shown as such.
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export function isNotInCohort(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 404;
}
