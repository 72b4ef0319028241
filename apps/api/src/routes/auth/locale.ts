import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLocaleResponse, ZUpdateLocaleRequest } from '@habitrack/contracts/me/update-locale';
import { callerOf } from '../../plugins/auth.ts';
import { updateChosenLocale } from '../../services/identity/locale.service.ts';

// /api/v1/me/locale (no trailing slash): the caller's own choice of language.
const localeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose my language, or clear my choice (null)',
        body: ZUpdateLocaleRequest,
        response: {
          200: ZLocaleResponse.describe('The language I now read, and my own choice as saved.'),
        },
      },
    },
    async (request) =>
      updateChosenLocale(app.database, {
        user: callerOf(request).user,
        input: request.body,
        acceptLanguage: request.headers['accept-language'],
      }),
  );
};

export default localeRoutes;
