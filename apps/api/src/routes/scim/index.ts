import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { ScimError } from '../../lib/scim-error.ts';
import { scimCallerOf } from '../../services/scim/tokens.service.ts';
import { SCIM_CONTENT_TYPE } from './caller.ts';
import discoveryRoutes from './discovery.ts';
import groupRoutes from './groups.ts';
import userRoutes from './users.ts';

// The driver's unique-violation code, wherever drizzle wrapped it.
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// SCIM 2.0 (RFC 7643/7644) at /scim/v2, decision 018: its own bearer tokens (one organisation
// each), its own content type and its own error format. Not in the /api/v1 OpenAPI document
// (hidden): the protocol describes itself through ServiceProviderConfig, Schemas and ResourceTypes.
export default async function scimRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const baseUrl = `${options.publicUrl.replace(/\/$/, '')}/scim/v2`;
  app.decorateRequest('scimCaller', null);
  // Both content types carry the same JSON; a body that is not JSON is a SCIM invalidSyntax.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', SCIM_CONTENT_TYPE],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, body.length === 0 ? undefined : JSON.parse(body.toString()));
      } catch {
        done(new ScimError(400, 'The request body is not valid JSON', 'invalidSyntax'));
      }
    },
  );
  // A missing or unknown token is counted per address like a failed sign-in to /api/v1: past the
  // per-minute limit the address gets 429 instead of 401 (plugins/rate-limit.ts). Requests with a
  // valid token are limited per token there too.
  app.addHook('onRequest', async (request) => {
    try {
      const caller = await scimCallerOf(app.database, request.headers.authorization);
      request.scimCaller = { ...caller, baseUrl };
    } catch (error) {
      if (error instanceof ScimError && error.status === 401) {
        await app.signInFailures.refuse({ kind: 'address', address: request.ip }, error);
      }
      throw error;
    }
  });
  // PostgreSQL text cannot hold the NUL character: refused before anything reads or writes it.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body)) {
      throw new ScimError(400, 'Values must not contain the NUL character (\\u0000)', 'invalidValue');
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (payload !== undefined && payload !== null && reply.statusCode !== 204) {
      reply.header('content-type', `${SCIM_CONTENT_TYPE}; charset=utf-8`);
    }
    return payload;
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new ScimError(404, `No SCIM endpoint at ${request.method} ${request.url}`)),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ScimError) return sendError(reply, error);
    // The rate limit's refusal (plugins/rate-limit.ts), with its Retry-After.
    if (error instanceof HttpError && error.statusCode === 429) {
      return sendError(reply.headers(error.headers), new ScimError(429, error.detail));
    }
    if (isUniqueViolation(error))
      return sendError(reply, new ScimError(409, 'The value is already in use', 'uniqueness'));
    if (error.statusCode === 415) return sendError(reply, new ScimError(415, `Send ${SCIM_CONTENT_TYPE}`));
    if (error.statusCode === 413) return sendError(reply, new ScimError(413, 'The request body is too large'));
    if (error.statusCode && error.statusCode < 500) {
      return sendError(reply, new ScimError(error.statusCode, error.message, 'invalidSyntax'));
    }
    request.log.error({ err: error }, 'SCIM request failed');
    return sendError(reply, new ScimError(500, 'Internal server error'));
  });

  await app.register(discoveryRoutes, { baseUrl });
  await app.register(userRoutes);
  await app.register(groupRoutes);
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner, depth + 1));
}

function sendError(reply: FastifyReply, error: ScimError) {
  if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
  return reply.code(error.status).type(SCIM_CONTENT_TYPE).send(error.body());
}
