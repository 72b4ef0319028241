import { z } from 'zod';

// The organisation's SCIM tokens in the administration console (issue 21, decision 018). The
// token itself is answered once, when it is created; only its visible prefix is kept readable.
export const ZScimTokenParams = z.object({ id: z.uuid({ error: 'must be a SCIM token id (UUID)' }) });

export const ZScimToken = z.object({
  id: z.uuid(),
  prefix: z.string(),
  created_at: z.iso.datetime(),
  // Who created it; null when made on the server (`npm run admin -- scim-token create`) or when
  // that person's account is gone.
  created_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  last_used_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

// GET /admin/scim-tokens — newest first.
export const ZListScimTokensResponse = z.array(ZScimToken);

// POST /admin/scim-tokens — 201 with the token, the only time it is shown.
export const ZCreateScimTokenResponse = ZScimToken.extend({ token: z.string() });
export type TCreateScimTokenResponse = z.infer<typeof ZCreateScimTokenResponse>;

// POST /admin/scim-tokens/{id}/revoke — the token as revoked; revoking again keeps the first time.
export const ZRevokeScimTokenResponse = ZScimToken;
