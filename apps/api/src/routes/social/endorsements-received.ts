import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZListEndorsementsReceivedQuery,
  ZListEndorsementsReceivedResponse,
} from '@habitrack/contracts/social/list-endorsements-received';
import {
  ZMarkEndorsementsSeenRequest,
  ZMarkEndorsementsSeenResponse,
} from '@habitrack/contracts/social/mark-endorsements-seen';
import { callerOf } from '../../plugins/auth.ts';
import { listEndorsementsReceived, markEndorsementsSeen } from '../../services/social/endorsements-received.service.ts';

// Who cheered me on: the caller's own endorsements received, and the marker of their last visit.
const endorsementsReceivedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/endorsements/received',
    {
      schema: {
        tags: ['social'],
        summary: 'The endorsements the caller received',
        querystring: ZListEndorsementsReceivedQuery,
        response: {
          200: ZListEndorsementsReceivedResponse.describe(
            'One page of the endorsements the caller received, newest first (who, when, the message), the cursor of the next page, the total and how many arrived since the caller last opened them.',
          ),
        },
      },
    },
    async (request) =>
      listEndorsementsReceived(app.database, { userId: callerOf(request).user.id, query: request.query }),
  );

  app.put(
    '/endorsements/received/seen',
    {
      schema: {
        tags: ['social'],
        summary: 'Mark the endorsements received as seen',
        body: ZMarkEndorsementsSeenRequest,
        response: {
          200: ZMarkEndorsementsSeenResponse.describe(
            'The caller has seen their endorsements up to this one: the marker (never moved back) and how many are still new.',
          ),
        },
      },
    },
    async (request) =>
      markEndorsementsSeen(app.database, {
        userId: callerOf(request).user.id,
        newestSeenId: request.body.newest_seen_id,
      }),
  );
};

export default endorsementsReceivedRoutes;
