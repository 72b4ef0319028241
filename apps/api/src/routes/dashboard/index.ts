import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { callerOf, withCaller } from '../../plugins/auth.ts';
import { getDashboard } from '../../services/dashboard.service.ts';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { confirmsCaller: true },
      schema: {
        tags: ['dashboard'],
        summary: "The caller's dashboard",
        response: {
          200: ZDashboardResponse.describe(
            'Active habits with progress and streaks, and the cohort, mood and positive-impact widgets.',
          ),
        },
      },
      // The service builds the response to the contract's type: plain JSON, no second schema pass.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) =>
      withCaller(app, request, (user) =>
        getDashboard(app.database.db, { user, token: callerOf(request).token, now: app.now() }),
      ),
  );
};

export default dashboardRoutes;
