import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZWebConfig, type TWebConfig } from '@habitrack/contracts/config/get-config';
import type { Config } from '../../config.ts';

export function webConfig(config: Config): TWebConfig {
  const { auth0, azure } = config.auth;
  return {
    productName: 'HabiTrack',
    devTools: config.devTools,
    auth: {
      auth0: auth0 && { domain: auth0.domain, clientId: auth0.clientId, audience: auth0.audience },
      azure: azure && {
        clientId: azure.clientId,
        authority: azure.authority,
        knownAuthorities: azure.knownAuthorities,
        apiScope: azure.apiScope,
      },
    },
  };
}

const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body = webConfig(config);
  app.get(
    '/config.json',
    {
      schema: {
        tags: ['config'],
        summary: "The web app's runtime configuration",
        security: [],
        response: {
          200: ZWebConfig.describe('The sign-in providers and their client ids, and whether developer tools are on.'),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};

export default configRoutes;
