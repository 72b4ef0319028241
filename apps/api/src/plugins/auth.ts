import { resolveLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenVerifier, InvalidTokenError, type KeySets, type VerifiedToken } from '../auth/verify-token.ts';
import type { AuthConfig } from '../config.ts';
import { CallerStale, CallerUnconfirmed, type KnownCaller } from '../db/speed/known-callers.ts';
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
    answerKnownCallers: (route: RouteOptions) => void;
  }
  interface FastifyRequest {
    caller: Caller | null;
    // The caller as read on an earlier request, until the request's first statement confirms them.
    knownCaller: KnownCaller<SignedInUser> | null;
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
  const callers = () => app.database.callers;
  // Per route: whether its handler's first database call confirms the caller (learned from the
  // requests it answered with a caller read afresh). Only such a route is given a known caller.
  const confirmsAtOnce = new Map<string, { yes: boolean }>();
  const routeKey = (method: string | string[], url: string | undefined) => `${String(method)} ${url}`;

  app.decorateRequest('caller', null);
  app.decorateRequest('knownCaller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const verified = await verifyBearer(request.headers.authorization).catch(
      refusedBy({ kind: 'address', address: request.ip }),
    );
    const zone = request.headers['x-time-zone'];
    const known = confirmsAtOnce.get(routeKey(request.routeOptions.method, request.routeOptions.url))?.yes
      ? callers().known(identityOf(verified))
      : null;
    if (known && (typeof zone !== 'string' || zone === known.user.timeZone)) {
      request.knownCaller = known;
      request.caller = { user: { ...known.user }, token: verified, locale: localeOf(request, known.user) };
      return;
    }
    await readCaller(request, verified);
  });

  // The language the request is answered in: the member's choice, their directory's, the
  // browser's, the organisation's (docs/domain/locales.md).
  function localeOf(request: FastifyRequest, user: SignedInUser): TSupportedLocale {
    return resolveLocale({
      chosen: user.locale,
      directory: user.directoryLocale,
      acceptLanguage: request.headers['accept-language'] ?? null,
      organisationDefault: user.organisationDefaultLocale,
    });
  }

  async function readCaller(request: FastifyRequest, verified: VerifiedToken): Promise<void> {
    const zone = request.headers['x-time-zone'];
    request.knownCaller = null;
    // A verified token without an account is that identity's failure, not its address's.
    const user = await signedInUser(app.database, {
      token: verified,
      browserTimeZone: typeof zone === 'string' ? zone : null,
    }).catch(refusedBy({ kind: 'identity', identity: identityOf(verified) }));
    callers().remember(identityOf(verified), user);
    request.caller = { user, token: verified, locale: localeOf(request, user) };
  }

  // Every /api/v1 handler runs through this (routes/api.ts). A request given a known caller runs
  // its handler once if the first statement confirms that caller; if the caller changed (or the
  // handler first reached the database otherwise, before anything ran), the caller is read afresh
  // and the handler runs again, as on a first request.
  app.decorate('answerKnownCallers', (route: RouteOptions) => {
    const handler = route.handler;
    const learned = { yes: false };
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const caller = request.caller;
      if (!callers().on || !caller) return handler.call(this, request, reply);
      const known = request.knownCaller;
      const start = () => handler.call(this, request, reply);
      if (!known) {
        const read = { userId: caller.user.id, identityId: '', print: '' };
        const { result, first } = callers().within(read, false, start);
        learned.yes = first === 'confirming';
        return result;
      }
      const run = guarded(known, start);
      if (run.first === 'confirming') {
        try {
          return await run.result;
        } catch (error) {
          if (!(error instanceof CallerStale)) throw error;
        }
      } else {
        // The handler reached the database first otherwise (stopped before anything ran), or not at
        // all: its answer stands only if the caller, read afresh now, has not changed.
        learned.yes = false;
        const settled = await run.result.then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if (run.first === 'none') {
          if (!reply.sent) await readCaller(request, caller.token);
          if (reply.sent || callers().known(identityOf(caller.token))?.print === known.print) {
            if ('error' in settled) throw settled.error;
            return settled.value;
          }
          return handler.call(this, request, reply);
        }
      }
      callers().forget(identityOf(caller.token));
      await readCaller(request, caller.token);
      return handler.call(this, request, reply);
    };
    confirmsAtOnce.set(routeKey(route.method, route.url), learned);
  });

  function guarded(known: KnownCaller<SignedInUser>, start: () => unknown) {
    try {
      const { result, first } = callers().within(known, true, start);
      return { result: Promise.resolve(result), first };
    } catch (error) {
      if (!(error instanceof CallerUnconfirmed)) throw error;
      return { result: Promise.reject(error), first: 'other' as const };
    }
  }

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
