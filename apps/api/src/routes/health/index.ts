import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@habitrack/contracts/health/get-health';
import { checkHealth } from '../../services/health.service.ts';

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
};

export default healthRoutes;
