import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboardResponse } from '@habitrack/contracts/dashboard/get-dashboard';
import { callerOf } from '../../plugins/auth.ts';
import { getDashboard } from '../../services/dashboard.service.ts';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags: ['dashboard'], response: { 200: ZDashboardResponse } },
      // The service builds the response to the contract's type: plain JSON, no second schema pass.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => getDashboard(app.database.db, { user: callerOf(request).user, now: app.now() }),
  );
};

export default dashboardRoutes;
