import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCancelPauseParams } from '@habitrack/contracts/habits/cancel-pause';
import { ZHabitHistoryResponse, ZUserHabitParams } from '@habitrack/contracts/habits/get-habit-history';
import { ZListCompletedHabitsResponse } from '@habitrack/contracts/habits/list-completed-habits';
import { ZMarkCelebrationSeenParams } from '@habitrack/contracts/habits/mark-celebration-seen';
import { ZPauseHabitRequest, ZPauseHabitResponse } from '@habitrack/contracts/habits/pause-habit';
import { callerOf } from '../../plugins/auth.ts';
import { getHabitHistory, listCompletedHabits, markCelebrationSeen } from '../../services/habits/history.service.ts';
import { cancelPause, pauseHabit } from '../../services/habits/pauses.service.ts';

const tags = ['habits'];

// The member's journey with one habit (docs/domain/README.md#the-members-journey, decision 014):
// its history, its pauses, and the end of its frame.
const journeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/completed',
    {
      schema: {
        tags,
        summary: "The caller's completed habits",
        response: {
          200: ZListCompletedHabitsResponse.describe(
            'Habits whose frame is over, newest first, each with its summary.',
          ),
        },
      },
    },
    async (request) => listCompletedHabits(app.database, { ...callerOf(request), now: app.now() }),
  );

  app.get(
    '/:userHabitId/history',
    {
      schema: {
        tags,
        summary: "A habit's history: its whole frame day by day, streaks and strength",
        params: ZUserHabitParams,
        response: { 200: ZHabitHistoryResponse.describe("The frame's dates oldest first, with the habit's figures.") },
      },
    },
    async (request) =>
      getHabitHistory(app.database, {
        ...callerOf(request),
        userHabitId: request.params.userHabitId,
        now: app.now(),
      }),
  );

  app.post(
    '/:userHabitId/pauses',
    {
      schema: {
        tags,
        summary: 'Pause an active habit for a range of days',
        params: ZUserHabitParams,
        body: ZPauseHabitRequest,
        response: {
          201: ZPauseHabitResponse.describe("The pause is recorded; the frame's end moved out by its days."),
        },
      },
    },
    async (request, reply) => {
      const pause = await pauseHabit(app.database, {
        user: callerOf(request).user,
        userHabitId: request.params.userHabitId,
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(pause);
    },
  );

  app.delete(
    '/:userHabitId/pauses/:id',
    {
      schema: {
        tags,
        summary: "Cancel a pause's days that have not passed",
        params: ZCancelPauseParams,
        response: { 204: z.null().describe('The days from today on are no longer paused.') },
      },
    },
    async (request, reply) => {
      await cancelPause(app.database, {
        user: callerOf(request).user,
        userHabitId: request.params.userHabitId,
        pauseId: request.params.id,
        now: app.now(),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:userHabitId/celebration',
    {
      schema: {
        tags,
        summary: "Record that the caller has seen a completed habit's celebration",
        params: ZMarkCelebrationSeenParams,
        response: { 204: z.null().describe('The celebration is not shown again.') },
      },
    },
    async (request, reply) => {
      await markCelebrationSeen(app.database, {
        user: callerOf(request).user,
        userHabitId: request.params.userHabitId,
        now: app.now(),
      });
      return reply.status(204).send(null);
    },
  );
};

export default journeyRoutes;
