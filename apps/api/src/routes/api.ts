import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { firstMalformedText } from '../lib/well-formed-text.ts';
import adminRoutes from './admin/index.ts';
import authRoutes from './auth/index.ts';
import localeRoutes from './auth/locale.ts';
import dashboardRoutes from './dashboard/index.ts';
import habitRoutes from './habits/index.ts';
import moodRoutes from './mood/index.ts';
import myDataRoutes from './my-data/index.ts';
import notificationPreferenceRoutes from './notifications/preferences.ts';
import insightsRoutes from './insights/index.ts';
import organizationalRoutes from './organizational/index.ts';
import programmeRoutes from './programmes/index.ts';
import socialRoutes from './social/index.ts';

// Every /api/v1 route needs a signed-in, provisioned caller: the hook runs before body parsing.
export async function apiRoutes(app: FastifyInstance, { config }: { config: Config }) {
  app.addHook('onRequest', app.authenticate);
  // A caller known from an earlier request is confirmed by the handler's first statement.
  app.addHook('onRoute', app.answerKnownCallers);
  // Before any contract sees the input: a lone surrogate in any text is refused, never stored.
  app.addHook('preValidation', async (request) => {
    const field =
      firstMalformedText(request.params, 'params') ??
      firstMalformedText(request.query, 'query') ??
      firstMalformedText(request.body, 'body');
    if (field) throw malformedText(field);
  });
  await app.register(authRoutes, { prefix: '/auth', devTools: config.devTools });
  await app.register(programmeRoutes, { prefix: '/programmes' });
  await app.register(habitRoutes, { prefix: '/habits' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(moodRoutes, { prefix: '/mood' });
  await app.register(socialRoutes, { prefix: '/social' });
  await app.register(myDataRoutes, { prefix: '/me' });
  await app.register(notificationPreferenceRoutes, { prefix: '/me/notification-preferences' });
  await app.register(localeRoutes, { prefix: '/me/locale' });
  await app.register(organizationalRoutes, { prefix: '/organizational', publicUrl: config.publicUrl });
  await app.register(insightsRoutes, { prefix: '/insights' });
  await app.register(adminRoutes, { prefix: '/admin', publicUrl: config.publicUrl });
}

const MALFORMED_TEXT = 'must be valid Unicode text (it holds an unpaired surrogate such as \\ud800)';

function malformedText(field: string): HttpError {
  return new HttpError(400, `Invalid request: ${field} ${MALFORMED_TEXT}`, {
    errors: [{ field, message: MALFORMED_TEXT }],
  });
}
