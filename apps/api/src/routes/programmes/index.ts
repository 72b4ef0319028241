import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { ZListBehavioursParams, ZListBehavioursResponse } from '@habitrack/contracts/programmes/list-behaviours';
import { callerOf } from '../../plugins/auth.ts';
import { getCurrentProgramme, listProgrammeBehaviours } from '../../services/programmes.service.ts';

const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/current', { schema: { tags: ['programmes'], response: { 200: ZProgramme } } }, async (request) =>
    getCurrentProgramme(app.database.db, callerOf(request).user),
  );

  app.get(
    '/:id/behaviours',
    { schema: { tags: ['programmes'], params: ZListBehavioursParams, response: { 200: ZListBehavioursResponse } } },
    async (request) =>
      listProgrammeBehaviours(app.database.db, { user: callerOf(request).user, programmeId: request.params.id }),
  );
};

export default programmeRoutes;
