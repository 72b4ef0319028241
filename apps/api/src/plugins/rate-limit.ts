import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.ts';
import { failingOpen, memoryStore, redisStore, type CounterStore } from './rate-limit-store.ts';

export const TOO_MANY_REQUESTS = 'Too many requests: please wait a moment and try again.';
const API_PREFIX = '/api/v1/';
const WINDOW_MS = 60_000;
// How long a request may wait for Redis before it goes through uncounted.
export const REDIS_TIMEOUT_MS = 250;

export type RateLimitOptions = {
  perMinute: number;
  // Set: the counters live in Redis, shared by every instance using the same URL and prefix.
  redisUrl?: string;
  redisKeyPrefix?: string;
};

const isApi = (request: FastifyRequest) => request.url.startsWith(API_PREFIX);
const tooMany = () => new HttpError(429, TOO_MANY_REQUESTS);

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

  // Per signed-in user: runs as a preHandler, after routes/api.ts has authenticated the caller,
  // so colleagues behind one company proxy do not share a budget.
  await app.register(rateLimit, {
    hook: 'preHandler',
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    store: storeClassFor(counters),
    allowList: (request) => !isApi(request),
    keyGenerator: (request) => (request.caller ? `user:${request.caller.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => tooMany(),
  });

  // Per address before authentication: a request refused with 401 never reaches the preHandler,
  // so refusals are counted here, and an address that keeps failing is turned away before its
  // token is even verified.
  const refusals = (ip: string) => `refused:${ip}`;
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request)) return;
    const entry = await counters.peek(refusals(request.ip));
    if (entry && entry.count >= options.perMinute) {
      reply.header('retry-after', Math.max(1, Math.ceil(entry.resetInMs / 1000)));
      throw tooMany();
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isApi(request) || reply.statusCode !== 401) return;
    await counters.hit(refusals(request.ip), WINDOW_MS);
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors'] });
