import { HttpError } from '../../../lib/http.ts';

// Statuses that say "not now" rather than "no": the token needs renewing (401), or the server is
// busy or slow (408, 429). Every other 4xx is the server refusing this check-in for good.
const RETRY_LATER = new Set([401, 408, 429]);

// Whether sending the same check-in again later may succeed: no answer at all (offline, aborted,
// timed out), a 5xx, or one of the statuses above.
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  return error.status >= 500 || RETRY_LATER.has(error.status);
}
