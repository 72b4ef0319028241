import { resolveLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenVerifier, InvalidTokenError, type KeySets, type VerifiedToken } from '../auth/verify-token.ts';
import type { AuthConfig } from '../config.ts';
import type { SignedInUser } from '../types/signed-in-user.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import { signedInUser } from '../services/identity/identity.service.ts';
import type { FailureSource } from './rate-limit.ts';

// `locale`: the language the request is answered in: the member's own choice, else their
// directory's, else the request's Accept-Language, else the organisation's
// (docs/decisions/021-internationalisation-with-lingui.md).
export type Caller = { user: SignedInUser; token: VerifiedToken; locale: TSupportedLocale };

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

const identityOf = (token: VerifiedToken) => `${token.issuer}\n${token.subject}\n${token.tenantId ?? ''}`;

// Verifies the bearer token and finds the provisioned user. Routes that need a caller run this
// as an onRequest hook (see routes/api.ts), so nothing is parsed for an unauthenticated request.
async function authPlugin(
  app: FastifyInstance,
  options: { auth: AuthConfig; keySets?: KeySets; cacheTokens: boolean },
) {
  const verify = createTokenVerifier(options.auth, options.keySets, options.cacheTokens ? {} : { cacheSize: 0 });
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const verified = await verifyBearer(request.headers.authorization).catch(
      refusedBy({ kind: 'address', address: request.ip }),
    );
    const zone = request.headers['x-time-zone'];
    // A verified token without an account is that identity's failure, not its address's.
    const user = await signedInUser(app.database, {
      token: verified,
      browserTimeZone: typeof zone === 'string' ? zone : null,
    }).catch(refusedBy({ kind: 'identity', identity: identityOf(verified) }));
    const locale = resolveLocale({
      chosen: user.locale,
      directory: user.directoryLocale,
      acceptLanguage: request.headers['accept-language'] ?? null,
      organisationDefault: user.organisationDefaultLocale,
    });
    request.caller = { user, token: verified, locale };
  });

  async function verifyBearer(header: string | undefined): Promise<VerifiedToken> {
    const token = bearerToken(header);
    try {
      return await verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw invalid(error.message);
      throw error;
    }
  }

  // A 401 is counted against its source, which may turn it into a 429 (plugins/rate-limit.ts).
  const refusedBy = (source: FailureSource) => (error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 401) return app.signInFailures.refuse(source, error);
    throw error;
  };
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db', 'rate-limit'] });

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw invalid('Sign in to continue.');
  return request.caller;
}
