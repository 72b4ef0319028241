import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Only the configured origins may call the API from another site's pages (CORS_ORIGINS, by
// default PUBLIC_URL's origin). A refused origin gets an answer without
// Access-Control-Allow-Origin, so the browser withholds it from the calling page.
async function corsPlugin(app: FastifyInstance, options: { origins: string[] }) {
  const allowed = new Set(options.origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Time-Zone'],
    // Bearer tokens, not cookies: no credentials mode needed.
    credentials: false,
    maxAge: 600,
  });
}

export default fp(corsPlugin, { name: 'cors' });
