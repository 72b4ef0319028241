import { z } from 'zod';

// The body of every 401 (docs/domain/tenancy-and-identity.md#account-problems). `detail` keeps the
// exact texts given there; `reason` tells the web app which account-problem screen fits.
export const AUTH_PROBLEM_REASONS = [
  'no_account',
  'user_not_registered',
  'tenant_not_authorized',
  'organization_not_registered',
  'invalid_token',
  'account_deactivated',
] as const;
export const ZAuthProblemReason = z.enum(AUTH_PROBLEM_REASONS);
export type TAuthProblemReason = z.infer<typeof ZAuthProblemReason>;

export const USER_NOT_FOUND = 'User not found';
export const TENANT_NOT_AUTHORIZED = 'Tenant not authorized';
// A deactivated user (docs/domain/administration.md#deactivation): the body is exactly {detail,
// reason}.
export const ACCOUNT_DEACTIVATED = 'Account deactivated';

export const ZAuthProblem = z.object({
  detail: z.string(),
  reason: ZAuthProblemReason,
  // The e-mail or preferred username from the token, for the screen to show.
  // Absent when the refusal is about the account, not the token (account_deactivated).
  email: z.string().nullable().optional(),
});
export type TAuthProblem = z.infer<typeof ZAuthProblem>;
