import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.ts';

export const TOO_MANY_REQUESTS = 'Too many requests: please wait a moment and try again.';
const API_PREFIX = '/api/v1/';
const WINDOW_MS = 60_000;

export type RateLimitOptions = { perMinute: number };

const isApi = (request: FastifyRequest) => request.url.startsWith(API_PREFIX);
const tooMany = () => new HttpError(429, TOO_MANY_REQUESTS);

// In-process counters: each API instance counts on its own (docs/operations/security.md says
// how to share them through Redis). /healthz, /config.json and the web app are never limited.
async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions) {
  // Per signed-in user: runs as a preHandler, after routes/api.ts has authenticated the caller,
  // so colleagues behind one company proxy do not share a budget.
  await app.register(rateLimit, {
    hook: 'preHandler',
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    allowList: (request) => !isApi(request),
    keyGenerator: (request) => (request.caller ? `user:${request.caller.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => tooMany(),
  });

  // Per address before authentication: a request refused with 401 never reaches the preHandler,
  // so refusals are counted here, and an address that keeps failing is turned away before its
  // token is even verified.
  const refusals = new Map<string, { count: number; resetAt: number }>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request)) return;
    const entry = refusals.get(request.ip);
    if (!entry) return;
    const now = Date.now();
    if (entry.resetAt <= now) {
      refusals.delete(request.ip);
    } else if (entry.count >= options.perMinute) {
      reply.header('retry-after', Math.ceil((entry.resetAt - now) / 1000));
      throw tooMany();
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isApi(request) || reply.statusCode !== 401) return;
    const now = Date.now();
    const entry = refusals.get(request.ip);
    if (entry && entry.resetAt > now) entry.count += 1;
    else refusals.set(request.ip, { count: 1, resetAt: now + WINDOW_MS });
  });
  // Forget expired entries so a scan from many addresses cannot grow the map without bound.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [ip, entry] of refusals) if (entry.resetAt <= now) refusals.delete(ip);
  }, WINDOW_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors'] });
