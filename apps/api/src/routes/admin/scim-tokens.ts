import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateScimTokenResponse,
  ZListScimTokensResponse,
  ZRevokeScimTokenResponse,
  ZScimTokenParams,
} from '@habitrack/contracts/admin/scim-tokens';
import { callerOf } from '../../plugins/auth.ts';
import { createToken, listTokens, revokeToken } from '../../services/admin/scim-tokens.service.ts';

const tags = ['admin'];

// /api/v1/admin/scim-tokens: the organisation's SCIM bearer tokens.
const adminScimTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The organisation's SCIM tokens (administrator)",
        response: { 200: ZListScimTokensResponse.describe('The tokens, newest first, without the tokens themselves.') },
      },
    },
    async (request) => listTokens(app.database, callerOf(request).user),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a SCIM token (administrator)',
        response: { 201: ZCreateScimTokenResponse.describe('The token, shown this once.') },
      },
    },
    async (request, reply) => {
      const created = await createToken(app.database, callerOf(request).user);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a SCIM token (administrator)',
        params: ZScimTokenParams,
        response: { 200: ZRevokeScimTokenResponse.describe('The token as revoked.') },
      },
    },
    async (request) => revokeToken(app.database, { admin: callerOf(request).user, tokenId: request.params.id }),
  );
};

export default adminScimTokenRoutes;
