import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNotificationPreferences } from '@habitrack/contracts/me/get-notification-preferences';
import { ZUpdateNotificationPreferencesRequest } from '@habitrack/contracts/me/update-notification-preferences';
import { callerOf } from '../../plugins/auth.ts';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../../services/notifications/preferences.service.ts';

const tags = ['notifications'];

// /api/v1/me/notification-preferences (no trailing slash, as documented): the caller's own
// reminder and summary e-mail settings.
const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'My e-mail settings: the daily reminder and the weekly summary',
        response: { 200: ZNotificationPreferences.describe('The settings; everything is off until turned on.') },
      },
    },
    async (request) => getNotificationPreferences(app.database, { user: callerOf(request).user }),
  );

  app.put(
    '',
    {
      schema: {
        tags,
        summary: 'Change my e-mail settings',
        body: ZUpdateNotificationPreferencesRequest,
        response: { 200: ZNotificationPreferences.describe('The settings as saved.') },
      },
    },
    async (request) =>
      updateNotificationPreferences(app.database, {
        user: callerOf(request).user,
        input: request.body,
        now: app.now(),
      }),
  );
};

export default notificationPreferenceRoutes;
