import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZWebConfig } from '@habitrack/contracts/config/get-config';
import type { Config } from '../../config.ts';

const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/config.json',
    { schema: { tags: ['config'], security: [], response: { 200: ZWebConfig } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { productName: 'HabiTrack', devTools: config.devTools };
    },
  );
};

export default configRoutes;
