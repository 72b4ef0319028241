import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_PREFIX } from './security-headers.ts';

export type SwaggerOptions = {
  // The reference page (API_DOCS); the JSON document is served either way, for tools.
  page: boolean;
};

// The API describes itself from the route contracts: each route's zod schemas become OpenAPI.
async function swaggerPlugin(app: FastifyInstance, options: SwaggerOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HabiTrack API',
        description: 'Habit tracking for leadership programmes run in cohorts.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  if (options.page) {
    // The page loads only files (no inline script), so it runs under a CSP without
    // 'unsafe-inline' scripts (security-headers.ts); no validator badge calls out to the internet.
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { validatorUrl: null } });
  } else {
    app.get(`${DOCS_PREFIX}/json`, { schema: { hide: true } }, () => app.swagger());
  }
}

export default fp(swaggerPlugin, { name: 'swagger' });
