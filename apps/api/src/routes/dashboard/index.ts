import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { callerOf } from '../../plugins/auth.ts';
import { getDashboard } from '../../services/dashboard/dashboard.service.ts';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The caller's dashboard",
        response: {
          200: ZDashboardResponse.describe(
            'Active habits with progress and streaks, and the cohort, mood and positive-impact widgets.',
          ),
        },
      },
    },
    async (request) => getDashboard(app.database, { ...callerOf(request), now: app.now() }),
  );
};

export default dashboardRoutes;
