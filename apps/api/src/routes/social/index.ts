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
      schema: {
        tags: ['social'],
        summary: "The caller's cohort leaderboard",
        response: {
          200: ZListCohortMembersResponse.describe(
            'The cohort members ranked by progress, with their streaks, days, endorsements and whether the caller endorsed them today.',
          ),
        },
      },
    },
    async (request, reply) => {
      const json = await withCaller(app, request, (user) =>
        listCohortMembers(app.database.db, { user, token: callerOf(request).token, now: app.now() }),
      );
      // The service wrote the contract's JSON itself (social.service.ts): sent as it is.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((text: string) => text)
        .send(json as never);
    },
  );

  app.post(
    '/endorsements',
    {
      schema: {
        tags: ['social'],
        summary: 'Endorse a cohort mate',
        body: ZEndorseMemberRequest,
        response: { 201: ZEndorsement.describe('The endorsement is recorded (once per cohort mate and day).') },
      },
    },
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
