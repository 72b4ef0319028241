import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEndorseMemberRequest, ZEndorsement } from '@habitrack/contracts/social/endorse-member';
import { ZListCohortMembersResponse } from '@habitrack/contracts/social/list-cohort-members';
import { callerOf, withCaller } from '../../plugins/auth.ts';
import { endorseMember, listCohortMembers } from '../../services/social.service.ts';

const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cohort/members',
    {
      config: { confirmsCaller: true },
      schema: { tags: ['social'], response: { 200: ZListCohortMembersResponse } },
      // The service builds the response to the contract's type: plain JSON, no second schema pass.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) =>
      withCaller(app, request, (user) =>
        listCohortMembers(app.database.db, { user, token: callerOf(request).token, now: app.now() }),
      ),
  );

  app.post(
    '/endorsements',
    { schema: { tags: ['social'], body: ZEndorseMemberRequest, response: { 201: ZEndorsement } } },
    async (request, reply) => {
      const endorsement = await endorseMember(app.database.db, {
        user: callerOf(request).user,
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(endorsement);
    },
  );
};

export default socialRoutes;
