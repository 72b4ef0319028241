import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthProblem } from '@habitrack/contracts/auth/auth-problem';
import { ZAcceptTermsRequest, ZAcceptTermsResponse } from '@habitrack/contracts/auth/accept-terms';
import { ZMeResponse } from '@habitrack/contracts/auth/get-me';
import { ZUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { ZResetUserDataResponse } from '@habitrack/contracts/auth/reset-user-data';
import { callerOf } from '../../plugins/auth.ts';
import { acceptTerms, resetUserData } from '../../services/identity/account.service.ts';
import { getUserFlowStatus } from '../../services/identity/flow.service.ts';
import { toMeResponse } from '../../services/identity/me.service.ts';

// A 401 names the account problem (docs/domain/tenancy-and-identity.md#account-problems), so the
// web app shows the right screen.
const PROBLEM = ZAuthProblem.describe(
  'Not signed in, or the account cannot use HabiTrack: `detail`, and a `reason` naming the account-problem screen.',
);

const authRoutes: FastifyPluginAsyncZod<{ devTools: boolean }> = async (app, { devTools }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in person',
        response: {
          200: ZMeResponse.describe(
            "The caller's profile: name, e-mail, role, organisation, and the language they read (their own choice, else their directory's, else Accept-Language, else their organisation's default).",
          ),
          401: PROBLEM,
        },
      },
    },
    async (request) => toMeResponse(callerOf(request), { acceptLanguage: request.headers['accept-language'] }),
  );

  app.get(
    '/user-flow-status',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where the signed-in person goes next',
        response: {
          200: ZUserFlowStatusResponse.describe(
            'Terms, active habits, mood, role and organisational goals: what decides the start page.',
          ),
          401: PROBLEM,
        },
      },
    },
    async (request) => getUserFlowStatus(app.database, { user: callerOf(request).user, now: app.now() }),
  );

  app.post(
    '/accept-terms',
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept the terms and the privacy notice',
        body: ZAcceptTermsRequest,
        response: { 200: ZAcceptTermsResponse.describe('The acceptance is recorded, with its time.') },
      },
    },
    async (request) => {
      const acceptedAt = await acceptTerms(app.database, { userId: callerOf(request).user.id, now: app.now() });
      return { has_accepted_terms: true as const, accepted_at: acceptedAt.toISOString() };
    },
  );

  // Developer tools (a debug tool only, docs/domain/developer-tools.md#when-they-exist): absent
  // unless enabled by configuration.
  if (!devTools) return;
  app.post(
    '/reset-user-data',
    {
      schema: {
        tags: ['developer tools'],
        summary: "Reset the caller's own onboarding state (developer tool)",
        response: {
          200: ZResetUserDataResponse.describe(
            "The caller's terms acceptance, active habits, logs and today's mood are removed; what was removed.",
          ),
        },
      },
    },
    async (request) => {
      const removed = await resetUserData(app.database, { user: callerOf(request).user, now: app.now() });
      return { detail: "Your onboarding state, habits, logs and today's mood were reset.", removed };
    },
  );
  app.get(
    '/simple-test',
    {
      schema: {
        tags: ['developer tools'],
        summary: 'Check that the bearer token is accepted (developer tool)',
        response: {
          200: z
            .object({ message: z.string(), user_id: z.uuid() })
            .describe("The token is accepted: the caller's user id."),
        },
      },
    },
    async (request) => ({ message: 'Authenticated', user_id: callerOf(request).user.id }),
  );
  app.get(
    '/debug-token',
    {
      schema: {
        tags: ['developer tools'],
        summary: "Show the caller's verified token (developer tool)",
        response: {
          200: z
            .object({
              provider: z.enum(['auth0', 'azure_ad']),
              issuer: z.string(),
              subject: z.string(),
              email: z.string().nullable(),
              tenant_id: z.string().nullable(),
              expires_at: z.string(),
              claims: z.record(z.string(), z.unknown()),
            })
            .describe("The verified token's provider, issuer, subject, expiry and claims."),
        },
      },
    },
    async (request) => {
      const { token } = callerOf(request);
      return {
        provider: token.provider,
        issuer: token.issuer,
        subject: token.subject,
        email: token.email,
        tenant_id: token.tenantId,
        expires_at: new Date(token.expiresAt * 1000).toISOString(),
        claims: token.claims as Record<string, unknown>,
      };
    },
  );
};

export default authRoutes;
