import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUpdateRetentionRequest } from '@habitrack/contracts/admin/retention';
import {
  ZAdminSettings,
  ZUpdateDefaultLocaleRequest,
  ZUpdateSettingsRequest,
} from '@habitrack/contracts/admin/settings';
import { callerOf } from '../../plugins/auth.ts';
import {
  getSettings,
  updateDefaultLocale,
  updateRetention,
  updateSettings,
} from '../../services/admin/settings.service.ts';

const tags = ['admin'];

// /api/v1/admin/settings: the organisation's sign-in settings, default cohort, retention period and
// default locale.
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The organisation's settings (administrator)",
        response: { 200: ZAdminSettings.describe('The settings.') },
      },
    },
    async (request) => getSettings(app.database, callerOf(request).user),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        summary: "Change the organisation's tenants, e-mail domains and default cohort (administrator)",
        body: ZUpdateSettingsRequest,
        response: { 200: ZAdminSettings.describe('The settings as changed.') },
      },
    },
    async (request) => updateSettings(app.database, { admin: callerOf(request).user, input: request.body }),
  );

  app.put(
    '/retention',
    {
      schema: {
        tags,
        summary:
          'Set how many days after a frame ends or a deactivation notes, moods and endorsement messages are deleted, or null to keep everything (administrator)',
        body: ZUpdateRetentionRequest,
        response: { 200: ZAdminSettings.describe('The settings as changed.') },
      },
    },
    async (request) => updateRetention(app.database, { admin: callerOf(request).user, input: request.body }),
  );

  app.put(
    '/default-locale',
    {
      schema: {
        tags,
        summary:
          "Set the organisation's default language: for people who chose none, whose directory gave none and whose browser asks for none HabiTrack speaks (administrator)",
        body: ZUpdateDefaultLocaleRequest,
        response: { 200: ZAdminSettings.describe('The settings as changed.') },
      },
    },
    async (request) => updateDefaultLocale(app.database, { admin: callerOf(request).user, input: request.body }),
  );
};

export default adminSettingsRoutes;
