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
import { listOrganisationHabits } from '../../db/queries/programmes.ts';
import { listActiveUserHabits } from '../../db/queries/user-habits.ts';
import { callerOf, withCaller } from '../../plugins/auth.ts';
import { getTodayLog, logHabit } from '../../services/check-in.service.ts';
import { selectHabit } from '../../services/habits.service.ts';

const habitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['habits'], response: { 200: ZListHabitsResponse } } }, async (request) =>
    listOrganisationHabits(app.database.db, callerOf(request).user.organisationId),
  );

  app.get(
    '/my-active',
    { schema: { tags: ['habits'], response: { 200: ZListMyActiveHabitsResponse } } },
    async (request) => listActiveUserHabits(app.database.db, callerOf(request).user.id),
  );

  app.post(
    '/select',
    {
      schema: {
        tags: ['habits'],
        body: ZSelectHabitRequest,
        response: { 200: ZSelectHabitResponse, 201: ZSelectHabitResponse },
      },
    },
    async (request, reply) => {
      const result = await selectHabit(app.database.db, {
        user: callerOf(request).user,
        habitId: request.body.habit_id,
        now: app.now(),
      });
      return reply.status(result.created ? 201 : 200).send(result.userHabit);
    },
  );

  app.get(
    '/:habitId/log/today',
    { schema: { tags: ['habits'], params: ZHabitLogParams, response: { 200: ZTodayLogResponse } } },
    async (request) =>
      getTodayLog(app.database.db, { user: callerOf(request).user, id: request.params.habitId, now: app.now() }),
  );

  app.post(
    '/:habitId/log',
    {
      config: { confirmsCaller: true },
      schema: {
        tags: ['habits'],
        params: ZHabitLogParams,
        body: ZLogHabitRequest,
        response: { 200: ZLogHabitResponse, 201: ZLogHabitResponse },
      },
    },
    async (request, reply) => {
      const { created, log } = await withCaller(app, request, (user) =>
        logHabit(app.database.db, {
          user,
          token: callerOf(request).token,
          trusted: callerOf(request).confirmed,
          id: request.params.habitId,
          input: request.body,
          now: app.now(),
        }),
      );
      return reply.status(created ? 201 : 200).send(log);
    },
  );
};

export default habitRoutes;
