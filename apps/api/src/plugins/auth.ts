import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenVerifier, InvalidTokenError, type KeySets, type VerifiedToken } from '../auth/verify-token.ts';
import type { AuthConfig } from '../config.ts';
import type { SignedInUser } from '../db/queries/identity.ts';
import { updateTimeZone } from '../db/queries/users.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import { LruMap } from '../lib/lru.ts';
import { isValidTimeZone } from '../lib/time-zone.ts';
import { resolveSignedInUser } from '../services/identity.service.ts';
import type { FailureSource } from './rate-limit.ts';

// `confirmed`: the user was read for this request. Otherwise it is the one remembered from an
// earlier request with the same identity, and the route's statement confirms it (withCaller).
export type Caller = { user: SignedInUser; token: VerifiedToken; confirmed: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    resolveCaller: (request: FastifyRequest) => Promise<Caller>;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    // The route's statements check callerIsCurrentSql and answer through withCaller(), so the
    // caller's user need not be read before them: one round trip fewer per request.
    confirmsCaller?: boolean;
  }
}

const REMEMBERED_CALLERS = 10_000;

// Users by identity, as last read: bounded, least recently used dropped first.
class RememberedCallers {
  private readonly users = new LruMap<string, SignedInUser>(REMEMBERED_CALLERS);

  static key(token: VerifiedToken): string {
    return `${token.issuer}\n${token.subject}\n${token.tenantId ?? ''}`;
  }

  get(token: VerifiedToken): SignedInUser | undefined {
    const user = this.users.get(RememberedCallers.key(token));
    return user && { ...user };
  }

  set(token: VerifiedToken, user: SignedInUser) {
    this.users.set(RememberedCallers.key(token), { ...user });
  }

  forget(token: VerifiedToken) {
    this.users.delete(RememberedCallers.key(token));
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
  const callers = new RememberedCallers();
  app.decorateRequest('caller', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const verified = await verifyBearer(request.headers.authorization).catch(
      refusedBy({ kind: 'address', address: request.ip }),
    );
    const header = request.headers['x-time-zone'];
    // The browser's time zone, when it differs from the stored one (DOMAIN "Days, time zones").
    const movedTo = (user: SignedInUser) =>
      typeof header === 'string' && header !== user.timeZone && isValidTimeZone(header) ? header : null;
    if (request.routeOptions.config?.confirmsCaller) {
      const remembered = callers.get(verified);
      if (remembered && movedTo(remembered) === null) {
        request.caller = { user: remembered, token: verified, confirmed: false };
        return;
      }
    }
    // A verified token without an account is that identity's failure, not its address's.
    request.caller = await resolve(verified, movedTo).catch(
      refusedBy({ kind: 'identity', identity: RememberedCallers.key(verified) }),
    );
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

  async function resolve(verified: VerifiedToken, movedTo: (user: SignedInUser) => string | null): Promise<Caller> {
    const user = await resolveSignedInUser(app.database.db, verified);
    const zone = movedTo(user);
    if (zone) {
      await updateTimeZone(app.database.db, { userId: user.id, timeZone: zone });
      user.timeZone = zone;
      // The row just changed: what was read is not its current version any more.
      callers.forget(verified);
    } else {
      callers.set(verified, user);
    }
    return { user, token: verified, confirmed: true };
  }

  // Reads the caller's user afresh (a remembered one turned out stale), refusing exactly as the
  // first request of a session would.
  app.decorate('resolveCaller', async (request: FastifyRequest) => {
    const caller = callerOf(request);
    callers.forget(caller.token);
    request.caller = await resolve(caller.token, () => null);
    return request.caller;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db', 'rate-limit'] });

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw invalid('Sign in to continue.');
  return request.caller;
}

// Runs a route's work for the caller. `run` reads what the route needs in statements that also
// check callerIsCurrentSql, and returns whether the caller it was given is current together with
// `answer`, which builds the response (or throws a refusal) only once that is settled. A
// remembered caller that is not current is read afresh (or refused, as on a first request) and the
// work runs again: nothing is answered, refused or written for a user as they no longer are.
export async function withCaller<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  run: (user: SignedInUser) => Promise<{ callerIsCurrent: boolean; answer: () => T | Promise<T> }>,
): Promise<T> {
  const caller = callerOf(request);
  const first = await run(caller.user);
  if (caller.confirmed || first.callerIsCurrent) return first.answer();
  const fresh = await app.resolveCaller(request);
  return (await run(fresh.user)).answer();
}
