import { ZAcceptTermsResponse, type TAcceptTermsRequest } from '@habitrack/contracts/auth/accept-terms';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/http.ts';

export const ACCEPT_TERMS_URL = '/api/v1/auth/accept-terms';

// Both flags, always true; acceptance is never implied by a missing field
// (docs/domain/dashboard-and-flow.md#terms).
export function acceptTerms() {
  const body: TAcceptTermsRequest = { accept_terms: true, accept_privacy: true };
  return sendJson('POST', ACCEPT_TERMS_URL, { body, schema: ZAcceptTermsResponse });
}

type UseAcceptTermsOptions = {
  // Runs after the server has the acceptance; the mutation stays pending until it settles, so the
  // button keeps its loading state until the next screen is known.
  onAccepted: () => Promise<unknown>;
  onFailed: (error: Error) => void;
};

export function useAcceptTerms({ onAccepted, onFailed }: UseAcceptTermsOptions) {
  return useMutation({ mutationFn: acceptTerms, onSuccess: onAccepted, onError: onFailed });
}
