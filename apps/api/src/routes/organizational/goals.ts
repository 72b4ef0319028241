import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateGoalRequest, ZCreateGoalResponse } from '@habitrack/contracts/organizational/create-goal';
import { ZDeleteGoalParams } from '@habitrack/contracts/organizational/delete-goal';
import { ZListAvailableGoalsResponse } from '@habitrack/contracts/organizational/list-available-goals';
import { ZListGoalsResponse, ZProgramQuery } from '@habitrack/contracts/organizational/list-goals';
import { ZGoalParams, ZUpdateGoalRequest, ZUpdateGoalResponse } from '@habitrack/contracts/organizational/update-goal';
import { callerOf } from '../../plugins/auth.ts';
import {
  createGoal,
  deleteProgrammeGoal,
  listProgrammeGoals,
  updateProgrammeGoal,
} from '../../services/organizational/goals.service.ts';

const tags = ['organizational'];

const goalRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "A programme's organisational goals",
        querystring: ZProgramQuery,
        response: { 200: ZListGoalsResponse.describe('The goals in order.') },
      },
    },
    async (request) =>
      listProgrammeGoals(app.database, { user: callerOf(request).user, programmeId: request.query.program_id }),
  );

  app.get(
    '/available',
    {
      schema: {
        tags,
        summary: "A programme's goals a team leader can define KPIs for",
        querystring: ZProgramQuery,
        response: { 200: ZListAvailableGoalsResponse.describe('The goals in order.') },
      },
    },
    async (request) =>
      listProgrammeGoals(app.database, { user: callerOf(request).user, programmeId: request.query.program_id }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add an organisational goal (leader)',
        querystring: ZProgramQuery,
        body: ZCreateGoalRequest,
        response: { 201: ZCreateGoalResponse.describe('The goal is added.') },
      },
    },
    async (request, reply) => {
      const goal = await createGoal(app.database, {
        user: callerOf(request).user,
        programmeId: request.query.program_id,
        input: request.body,
        now: app.now(),
        publicUrl,
      });
      return reply.status(201).send(goal);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Change an organisational goal (leader)',
        params: ZGoalParams,
        body: ZUpdateGoalRequest,
        response: { 200: ZUpdateGoalResponse.describe('The goal as changed.') },
      },
    },
    async (request) =>
      updateProgrammeGoal(app.database, {
        user: callerOf(request).user,
        goalId: request.params.id,
        input: request.body,
        now: app.now(),
      }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete an organisational goal and its department KPIs (leader)',
        params: ZDeleteGoalParams,
        response: { 204: z.null().describe('The goal is deleted.') },
      },
    },
    async (request, reply) => {
      await deleteProgrammeGoal(app.database, {
        user: callerOf(request).user,
        goalId: request.params.id,
        now: app.now(),
      });
      return reply.status(204).send(null);
    },
  );
};

export default goalRoutes;
