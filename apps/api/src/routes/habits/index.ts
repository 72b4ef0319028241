import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListHabitsResponse } from '@habitrack/contracts/habits/list-habits';
import {
  ZHabitLogParams,
  ZLogHabitRequest,
  ZLogHabitResponse,
  ZTodayLogResponse,
} from '@habitrack/contracts/habits/log-habit';
import { ZListMyActiveHabitsResponse } from '@habitrack/contracts/habits/list-my-active-habits';
import { ZSelectHabitRequest, ZSelectHabitResponse } from '@habitrack/contracts/habits/select-habit';
import { callerOf } from '../../plugins/auth.ts';
import { getTodayLog, logHabit } from '../../services/habits/check-in.service.ts';
import { listHabits, listMyActiveHabits, selectHabit } from '../../services/habits/habits.service.ts';
import journeyRoutes from './journey.ts';

const habitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['habits'],
        summary: "Every habit of the caller's organisation",
        response: { 200: ZListHabitsResponse.describe('The habits, for a member without a current programme.') },
      },
    },
    async (request) => listHabits(app.database, callerOf(request)),
  );

  app.get(
    '/my-active',
    {
      schema: {
        tags: ['habits'],
        summary: "The caller's active habits",
        response: {
          200: ZListMyActiveHabitsResponse.describe('Up to 3 active habits of the caller, each with its habit.'),
        },
      },
    },
    async (request) => listMyActiveHabits(app.database, { ...callerOf(request), now: app.now() }),
  );

  app.post(
    '/select',
    {
      schema: {
        tags: ['habits'],
        summary: 'Start a habit',
        body: ZSelectHabitRequest,
        response: {
          200: ZSelectHabitResponse.describe('The habit was already active: its active habit, unchanged.'),
          201: ZSelectHabitResponse.describe('The habit is now active: the new active habit.'),
        },
      },
    },
    async (request, reply) => {
      const result = await selectHabit(app.database, {
        ...callerOf(request),
        habitId: request.body.habit_id,
        now: app.now(),
      });
      return reply.status(result.created ? 201 : 200).send(result.userHabit);
    },
  );

  app.get(
    '/:habitId/log/today',
    {
      schema: {
        tags: ['habits'],
        summary: "Today's check-in of an active habit",
        params: ZHabitLogParams,
        response: {
          200: ZTodayLogResponse.describe("The habit, the caller's local date, and today's check-in (null when none)."),
        },
      },
    },
    async (request) => getTodayLog(app.database, { ...callerOf(request), id: request.params.habitId, now: app.now() }),
  );

  app.post(
    '/:habitId/log',
    {
      schema: {
        tags: ['habits'],
        summary: 'Check in an active habit for a day',
        params: ZHabitLogParams,
        body: ZLogHabitRequest,
        response: {
          200: ZLogHabitResponse.describe("The day's check-in existed and is updated."),
          201: ZLogHabitResponse.describe("The day's check-in is recorded."),
        },
      },
    },
    async (request, reply) => {
      const { created, log } = await logHabit(app.database, {
        user: callerOf(request).user,
        id: request.params.habitId,
        input: request.body,
        now: app.now(),
      });
      return reply.status(created ? 201 : 200).send(log);
    },
  );

  await app.register(journeyRoutes);
};

export default habitRoutes;
