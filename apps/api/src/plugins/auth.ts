import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenVerifier, InvalidTokenError, type KeySets, type VerifiedToken } from '../auth/verify-token.ts';
import type { AuthConfig } from '../config.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { updateTimeZone } from '../db/queries/users.ts';
import { unauthorized } from '../lib/errors.ts';
import { isValidTimeZone } from '../lib/time-zone.ts';
import { resolveSignedInUser } from '../services/identity.service.ts';

export type Caller = { user: SignedInUser; token: VerifiedToken };

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const invalid = (detail: string) => unauthorized(detail, { reason: 'invalid_token', email: null });

export function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*)\s*$/i.exec(header ?? '');
  if (!header) throw invalid('Sign in to continue: the request has no bearer token.');
  if (!match?.[1]) throw invalid('The Authorization header must be "Bearer <access token>".');
  return match[1];
}

// Verifies the bearer token and finds the provisioned user. Routes that need a caller run this
// as an onRequest hook (see routes/api.ts), so nothing is parsed for an unauthenticated request.
async function authPlugin(app: FastifyInstance, options: { auth: AuthConfig; keySets?: KeySets }) {
  const verify = createTokenVerifier(options.auth, options.keySets);
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    let verified: VerifiedToken;
    try {
      verified = await verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw invalid(error.message);
      throw error;
    }
    const user = await resolveSignedInUser(app.database.db, verified);
    // "Today" is the member's own date: the browser sends its IANA zone and we keep the latest.
    const zone = request.headers['x-time-zone'];
    if (typeof zone === 'string' && zone !== user.timeZone && isValidTimeZone(zone)) {
      await updateTimeZone(app.database.db, { userId: user.id, timeZone: zone });
      user.timeZone = zone;
    }
    request.caller = { user, token: verified };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw invalid('Sign in to continue.');
  return request.caller;
}
