import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.ts';
import { failingOpen, memoryStore, redisStore, type CounterStore } from './rate-limit-store.ts';

export const TOO_MANY_REQUESTS = 'Too many requests: please wait a moment and try again.';
const API_PREFIX = '/api/v1/';
const SCIM_PREFIX = '/scim/v2/';
const WINDOW_MS = 60_000;
// How long a request may wait for Redis before it goes through uncounted.
export const REDIS_TIMEOUT_MS = 250;

export type RateLimitOptions = {
  perMinute: number;
  // Set: the counters live in Redis, shared by every instance using the same URL and prefix.
  redisUrl?: string;
  redisKeyPrefix?: string;
};

const isLimited = (request: FastifyRequest) =>
  request.url.startsWith(API_PREFIX) || request.url.startsWith(SCIM_PREFIX);
const tooMany = (retryAfterSeconds?: number) =>
  new HttpError(
    429,
    TOO_MANY_REQUESTS,
    {},
    retryAfterSeconds === undefined ? {} : { 'retry-after': retryAfterSeconds },
  );

// @fastify/rate-limit asks its store through callbacks; this hands the question to ours.
function storeClassFor(counters: CounterStore) {
  return class implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      counters.hit(`requests:${key}`, WINDOW_MS).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

// Counters live in Redis when REDIS_URL is set, so every instance shares one budget per caller;
// otherwise in this process. /healthz, /config.json and the web app are never limited.
async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions) {
  const counters = failingOpen(
    options.redisUrl
      ? await redisStore({
          url: options.redisUrl,
          keyPrefix: `${options.redisKeyPrefix ?? 'habitrack:'}rate:`,
          timeoutMs: REDIS_TIMEOUT_MS,
          logger: app.log,
        })
      : memoryStore(),
    app.log,
  );
  app.addHook('onClose', () => counters.close());

  // Per signed-in user: runs as the first preParsing hook, after routes/api.ts has authenticated
  // the caller in onRequest and before the body is parsed or validated, so colleagues behind one
  // company proxy do not share a budget and a flood of malformed bodies is counted like any other.
  // SCIM (/scim/v2) is counted the same way per token, which its own onRequest hook has checked;
  // its refusal is answered in SCIM's error format by the SCIM routes' error handler.
  await app.register(rateLimit, {
    hook: 'preParsing',
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    store: storeClassFor(counters),
    allowList: (request) => !isLimited(request),
    keyGenerator: (request) => {
      if (request.caller) return `user:${request.caller.user.id}`;
      if (request.scimCaller) return `scim-token:${request.scimCaller.tokenId}`;
      return `ip:${request.ip}`;
    },
    errorResponseBuilder: () => tooMany(),
  });

  // Failed sign-ins (401) are counted per source: per address for a token that is missing or does
  // not verify, per identity for a verified token that finds no account. Once a source passes the
  // limit within a minute, its further failures answer 429 with Retry-After instead of 401. Only
  // failures are ever counted or refused here: a request whose token verifies and finds its user
  // goes through whatever its address did before, so nobody behind the same proxy or NAT as an
  // attacker is turned away, and the attacker gets nothing but 429s.
  app.decorate('signInFailures', {
    async refuse(source: FailureSource, refusal: Error): Promise<never> {
      const key = source.kind === 'address' ? `refused:${source.address}` : `refused-identity:${source.identity}`;
      const { count, resetInMs } = await counters.hit(key, WINDOW_MS);
      if (count > options.perMinute) throw tooMany(Math.max(1, Math.ceil(resetInMs / 1000)));
      throw refusal;
    },
  });

  app.decorate('quotas', {
    async spend(quota: Quota, callerId: string): Promise<void> {
      const { count, resetInMs } = await counters.hit(`quota:${quota.name}:${callerId}`, quota.windowMs);
      if (count > quota.max) {
        throw new HttpError(429, quota.detail, {}, { 'retry-after': Math.max(1, Math.ceil(resetInMs / 1000)) });
      }
    },
  });
}

export type FailureSource = { kind: 'address'; address: string } | { kind: 'identity'; identity: string };

// A budget for one costly operation per caller, over its own window (e.g. a few data exports per
// hour), counted in the same store as the per-minute limit: shared by every instance with Redis.
export type Quota = { name: string; max: number; windowMs: number; detail: string };

declare module 'fastify' {
  interface FastifyInstance {
    // A refused sign-in: throws the refusal, or 429 once its source has failed too often.
    signInFailures: { refuse(source: FailureSource, refusal: Error): Promise<never> };
    // Counts one use of `quota` by `callerId`; throws 429 (with Retry-After) past its budget.
    quotas: { spend(quota: Quota, callerId: string): Promise<void> };
  }
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors'] });
