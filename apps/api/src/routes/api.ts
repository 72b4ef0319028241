import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import authRoutes from './auth/index.ts';
import dashboardRoutes from './dashboard/index.ts';
import habitRoutes from './habits/index.ts';
import moodRoutes from './mood/index.ts';
import organizationalRoutes from './organizational/index.ts';
import programmeRoutes from './programmes/index.ts';
import socialRoutes from './social/index.ts';

// Every /api/v1 route needs a signed-in, provisioned caller: the hook runs before body parsing.
export async function apiRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app.addHook('onRequest', app.authenticate);
  await app.register(authRoutes, { prefix: '/auth', devTools: config.devTools });
  await app.register(programmeRoutes, { prefix: '/programmes' });
  await app.register(habitRoutes, { prefix: '/habits' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(moodRoutes, { prefix: '/mood' });
  await app.register(socialRoutes, { prefix: '/social' });
  await app.register(organizationalRoutes, { prefix: '/organizational', publicUrl: config.publicUrl });
}
