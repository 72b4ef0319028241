import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@habitrack/contracts/health/get-health';

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
      try {
        await app.database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: app.database.kind });
      }
    },
  );
};

export default healthRoutes;
