import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMoodEntry, ZRecordMoodRequest } from '@habitrack/contracts/mood/record-mood';
import { callerOf } from '../../plugins/auth.ts';
import { recordMood } from '../../services/mood/mood.service.ts';

const moodRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['mood'],
        summary: "Record today's mood",
        body: ZRecordMoodRequest,
        response: { 201: ZMoodEntry.describe("Today's mood entry.") },
      },
    },
    async (request, reply) => {
      const entry = await recordMood(app.database, {
        user: callerOf(request).user,
        now: app.now(),
        moodValue: request.body.mood_value,
      });
      return reply.status(201).send(entry);
    },
  );

  app.post(
    '/skip',
    {
      schema: {
        tags: ['mood'],
        summary: "Skip today's mood",
        response: { 201: ZMoodEntry.describe("Today's mood entry, without a value.") },
      },
    },
    async (request, reply) => {
      const entry = await recordMood(app.database, {
        user: callerOf(request).user,
        now: app.now(),
        moodValue: null,
      });
      return reply.status(201).send(entry);
    },
  );
};

export default moodRoutes;
