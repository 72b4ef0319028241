import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminSettings, ZUpdateSettingsRequest } from '@habitrack/contracts/admin/settings';
import { callerOf } from '../../plugins/auth.ts';
import { getSettings, updateSettings } from '../../services/admin/settings.service.ts';

const tags = ['admin'];

// /api/v1/admin/settings: the organisation's sign-in settings and default cohort.
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
};

export default adminSettingsRoutes;
