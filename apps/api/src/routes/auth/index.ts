import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthProblem } from '@habitrack/contracts/auth/auth-problem';
import { ZAcceptTermsRequest, ZAcceptTermsResponse } from '@habitrack/contracts/auth/accept-terms';
import { ZMeResponse } from '@habitrack/contracts/auth/get-me';
import { ZUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';
import { ZResetUserDataResponse } from '@habitrack/contracts/auth/reset-user-data';
import { callerOf, withCaller } from '../../plugins/auth.ts';
import { acceptTerms, resetUserData } from '../../services/account.service.ts';
import { getUserFlowStatus } from '../../services/flow.service.ts';
import { toMeResponse } from '../../services/me.service.ts';

const authRoutes: FastifyPluginAsyncZod<{ devTools: boolean }> = async (app, { devTools }) => {
  app.get('/me', { schema: { tags: ['auth'], response: { 200: ZMeResponse, 401: ZAuthProblem } } }, async (request) =>
    toMeResponse(callerOf(request)),
  );

  app.get(
    '/user-flow-status',
    {
      config: { confirmsCaller: true },
      schema: { tags: ['auth'], response: { 200: ZUserFlowStatusResponse, 401: ZAuthProblem } },
    },
    async (request) =>
      withCaller(app, request, (user) =>
        getUserFlowStatus(app.database.db, { user, token: callerOf(request).token, now: app.now() }),
      ),
  );

  app.post(
    '/accept-terms',
    { schema: { tags: ['auth'], body: ZAcceptTermsRequest, response: { 200: ZAcceptTermsResponse } } },
    async (request) => {
      const acceptedAt = await acceptTerms(app.database.db, { userId: callerOf(request).user.id, now: app.now() });
      return { has_accepted_terms: true as const, accepted_at: acceptedAt.toISOString() };
    },
  );

  // Developer tools (SPEC §7: debug tool only): absent unless enabled by configuration.
  if (!devTools) return;
  app.post(
    '/reset-user-data',
    { schema: { tags: ['developer tools'], response: { 200: ZResetUserDataResponse } } },
    async (request) => {
      const removed = await resetUserData(app.database.db, { user: callerOf(request).user, now: app.now() });
      return { detail: "Your onboarding state, habits, logs and today's mood were reset.", removed };
    },
  );
  app.get(
    '/simple-test',
    { schema: { tags: ['developer tools'], response: { 200: z.object({ message: z.string(), user_id: z.uuid() }) } } },
    async (request) => ({ message: 'Authenticated', user_id: callerOf(request).user.id }),
  );
  app.get(
    '/debug-token',
    {
      schema: {
        tags: ['developer tools'],
        response: {
          200: z.object({
            provider: z.enum(['auth0', 'azure_ad']),
            issuer: z.string(),
            subject: z.string(),
            email: z.string().nullable(),
            tenant_id: z.string().nullable(),
            expires_at: z.string(),
            claims: z.record(z.string(), z.unknown()),
          }),
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
