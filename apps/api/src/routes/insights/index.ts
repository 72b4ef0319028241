import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInsights, ZInsightsQuery } from '@habitrack/contracts/insights/get-insights';
import { callerOf } from '../../plugins/auth.ts';
import { getInsights } from '../../services/insights/insights.service.ts';

// /api/v1/insights (docs/domain/insights.md): aggregates only, suppressed below 5 members.
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['insights'],
        summary: "The programme's insights (leader or administrator: whole programme; team leader: own departments)",
        querystring: ZInsightsQuery,
        response: {
          200: ZInsights.describe(
            'Aggregates of complete ISO weeks; any figure on fewer than 5 distinct members is { suppressed: true }.',
          ),
        },
      },
    },
    async (request) => getInsights(app.database, { ...callerOf(request), query: request.query, now: app.now() }),
  );
};

export default insightsRoutes;
