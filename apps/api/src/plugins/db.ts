import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

// The database is opened by the caller (server.ts or a test) and handed in, so tests can pass
// PGlite or PostgreSQL; closing it is the caller's job too.
async function dbPlugin(app: FastifyInstance, options: { database: Database }) {
  app.decorate('database', options.database);
}

export default fp(dbPlugin, { name: 'db' });
