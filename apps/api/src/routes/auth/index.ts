import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuthProblem } from '@habitrack/contracts/auth/auth-problem';
import { ZMeResponse } from '@habitrack/contracts/auth/get-me';
import { callerOf } from '../../plugins/auth.ts';
import { toMeResponse } from '../../services/me.service.ts';

const authRoutes: FastifyPluginAsyncZod<{ devTools: boolean }> = async (app, { devTools }) => {
  app.get('/me', { schema: { tags: ['auth'], response: { 200: ZMeResponse, 401: ZAuthProblem } } }, async (request) =>
    toMeResponse(callerOf(request)),
  );

  // Developer tools (SPEC §7: debug tool only): absent unless enabled by configuration.
  if (!devTools) return;
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
