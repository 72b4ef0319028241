import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEndorseMemberRequest, ZEndorsement } from '@habitrack/contracts/social/endorse-member';
import { ZListCohortMembersResponse } from '@habitrack/contracts/social/list-cohort-members';
import { callerOf } from '../../plugins/auth.ts';
import { endorseMember, listCohortMembers } from '../../services/social/social.service.ts';
import endorsementsReceivedRoutes from './endorsements-received.ts';

const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(endorsementsReceivedRoutes);

  app.get(
    '/cohort/members',
    {
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
    async (request) => listCohortMembers(app.database, { ...callerOf(request), now: app.now() }),
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
      const endorsement = await endorseMember(app.database, {
        user: callerOf(request).user,
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(endorsement);
    },
  );
};

export default socialRoutes;
