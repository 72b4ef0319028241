import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { ZListBehavioursParams, ZListBehavioursResponse } from '@habitrack/contracts/programmes/list-behaviours';
import { callerOf } from '../../plugins/auth.ts';
import { getCurrentProgramme, listProgrammeBehaviours } from '../../services/programmes/programmes.service.ts';

const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/current',
    {
      schema: {
        tags: ['programmes'],
        summary: "The caller's current programme",
        response: { 200: ZProgramme.describe("The programme of the caller's cohort, with its modules.") },
      },
    },
    async (request) => {
      const { user, locale } = callerOf(request);
      return getCurrentProgramme(app.database, { user, locale });
    },
  );

  app.get(
    '/:id/behaviours',
    {
      schema: {
        tags: ['programmes'],
        summary: "A programme's behaviours, with their habits",
        params: ZListBehavioursParams,
        response: {
          200: ZListBehavioursResponse.describe(
            'The behaviours in order, each with its habits and their positive changes.',
          ),
        },
      },
    },
    async (request) => {
      const { user, locale } = callerOf(request);
      return listProgrammeBehaviours(app.database, { user, locale, programmeId: request.params.id });
    },
  );
};

export default programmeRoutes;
