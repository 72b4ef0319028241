import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIX = '/api/v1';

// Every /api/v1 answer is about its caller (profile, flow status, dashboard, cohort) or refuses
// them: no browser cache, proxy or CDN may keep one. Set on every request before anything can
// refuse it, so errors, 401s, 404s and 429s carry it too.
async function noStorePlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (
      request.url === API_PREFIX ||
      request.url.startsWith(`${API_PREFIX}/`) ||
      request.url.startsWith(`${API_PREFIX}?`)
    ) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}

export default fp(noStorePlugin, { name: 'no-store' });
