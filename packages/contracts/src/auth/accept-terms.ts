import { z } from 'zod';

// Both must be true (docs/domain/dashboard-and-flow.md#terms): acceptance is explicit, never
// implied by a missing field.
export const ZAcceptTermsRequest = z.strictObject({
  accept_terms: z.literal(true, { error: 'must be true to accept the terms' }),
  accept_privacy: z.literal(true, { error: 'must be true to accept the privacy policy' }),
});
export type TAcceptTermsRequest = z.infer<typeof ZAcceptTermsRequest>;

export const ZAcceptTermsResponse = z.object({
  has_accepted_terms: z.literal(true),
  accepted_at: z.iso.datetime({ offset: true }),
});
export type TAcceptTermsResponse = z.infer<typeof ZAcceptTermsResponse>;
