import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListTeamsResponse } from '@habitrack/contracts/admin/teams';
import { callerOf } from '../../plugins/auth.ts';
import { listTeams } from '../../services/admin/people.service.ts';

// /api/v1/admin/teams: the organisation's teams, for the console's People filters and pickers.
const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: "The organisation's teams, by name (administrators)",
        response: { 200: ZListTeamsResponse.describe('The teams.') },
      },
    },
    async (request) => listTeams(app.database, { admin: callerOf(request).user }),
  );
};

export default adminTeamRoutes;
