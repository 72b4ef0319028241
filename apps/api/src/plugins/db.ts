import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { AppDatabase, type SpeedSettings } from '../db/speed/app-database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: AppDatabase;
  }
}

// The database is opened by the caller (server.ts or a test) and handed in, so tests can pass
// PGlite or PostgreSQL; closing it is the caller's job too. The app holds it with its shared
// statements and held answers (db/speed/), which live as long as the app.
async function dbPlugin(app: FastifyInstance, options: { database: Database; speed: SpeedSettings }) {
  app.decorate('database', new AppDatabase(options.database, options.speed));
}

export default fp(dbPlugin, { name: 'db' });
