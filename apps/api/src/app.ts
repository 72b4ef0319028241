import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifySerializerCompiler,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { KeySets } from './auth/verify-token.ts';
import authPlugin from './plugins/auth.ts';
import corsPlugin from './plugins/cors.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import noStorePlugin from './plugins/no-store.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import { RequestLog } from './plugins/request-log.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import spaPlugin from './plugins/spa.ts';
import swaggerPlugin from './plugins/swagger.ts';
import { contractSerializerCompiler } from './lib/contract-serializer.ts';
import { apiRoutes } from './routes/api.ts';
import configRoutes, { webConfig } from './routes/config/index.ts';
import healthRoutes from './routes/health/index.ts';
import unsubscribeRoutes from './routes/notifications/unsubscribe.ts';
import scimRoutes from './routes/scim/index.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  // A pino instance from server.ts; tests run without one.
  logger?: FastifyBaseLogger;
  // Tests hand in local key sets; production fetches each issuer's JWKS.
  keySets?: KeySets;
  // The clock every "today" is computed from; tests pin it.
  now?: () => Date;
};

// External plugins, then our plugins, then routes (docs/conventions.md#the-server-boots-the-app).
// server.ts only boots this.
export async function buildApp({ config, database, logger, keySets, now = () => new Date() }: BuildAppOptions) {
  const app = Fastify({
    // One line per request (plugins/request-log.ts).
    ...(logger ? { loggerInstance: logger, logController: new RequestLog() } : { logger: false }),
    bodyLimit: 64 * 1024,
    // The router refuses a badly encoded or over-long path segment before any hook or the error
    // handler runs; answer those the same way as every other refusal.
    frameworkErrors: (error, _request, reply) => refuseRouterError(error, reply as FastifyReply),
    // Per-address decisions use request.ip: the connection's address unless TRUST_PROXY names the
    // proxies allowed to report the client's (never the left-most, forgeable X-Forwarded-For entry).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Fastify's type says a serializer returns text; it sends a Buffer as it is too (lib/contract-serializer.ts).
  app.setSerializerCompiler(
    contractSerializerCompiler({ reuseFrozen: config.speed.frozenItems }) as FastifySerializerCompiler<unknown>,
  );

  app.decorate('now', now);
  await app.register(securityHeadersPlugin, { auth: config.auth, production: config.env === 'production' });
  await app.register(noStorePlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(swaggerPlugin, { page: config.apiDocs });
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  await app.register(dbPlugin, { database, speed: config.speed });
  await app.register(authPlugin, { auth: config.auth, keySets, cacheTokens: config.speed.tokenCache });

  await app.register(healthRoutes);
  // A worker answers its probes and nothing else: its work is the timed jobs (server.ts).
  if (config.role === 'worker') return app;
  await app.register(configRoutes, { config });
  await app.register(apiRoutes, { prefix: '/api/v1', config });
  // Beside apiRoutes, not inside: an unsubscribe link works without signing in (decision 015).
  await app.register(unsubscribeRoutes, {
    prefix: '/api/v1/notifications',
    unsubscribeSecret: config.notifications.unsubscribeSecret,
  });
  // SCIM 2.0 provisioning with its own tokens, content type and errors (decision 018).
  await app.register(scimRoutes, { prefix: '/scim/v2', publicUrl: config.publicUrl });
  if (config.webDist) await app.register(spaPlugin, { root: config.webDist, webConfig: webConfig(config) });
  return app;
}

function refuseRouterError(error: FastifyError, reply: FastifyReply) {
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : 'The request path is not valid: it has a badly encoded segment.';
  // The router refuses before any onRequest hook runs, so helmet has not set its headers: this
  // answer carries its own (a JSON error needs no more than these).
  void reply
    .headers({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cache-control': 'no-store',
    })
    .status(error.statusCode ?? 400)
    .send({ detail });
}

// TRUST_PROXY=n: the connection's peer and the n - 1 entries before it in X-Forwarded-For are
// proxies; the entry before those is the client.
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    now: () => Date;
  }
}
