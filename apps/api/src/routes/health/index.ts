import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse, ZReadinessResponse } from '@habitrack/contracts/health/get-health';
import { checkHealth, checkReadiness } from '../../services/health/health.service.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the API and its database answer',
        security: [],
        response: {
          200: ZHealthResponse.describe('The API and its database answer.'),
          503: ZHealthResponse.describe('The database does not answer: take this instance out of service.'),
        },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this instance may take traffic',
        description:
          'Ready when the database answers and holds every migration of this version. A deploy that migrates ' +
          'as its own step (MIGRATE_ON_START=off) keeps new instances out of service until it has.',
        security: [],
        response: {
          200: ZReadinessResponse.describe('The database answers and is migrated to this version.'),
          503: ZReadinessResponse.describe('The database does not answer, or is not migrated to this version.'),
        },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.database);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};

export default healthRoutes;
