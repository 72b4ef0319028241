import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import adminAuditRoutes from './audit.ts';
import adminCohortRoutes from './cohorts.ts';
import adminContentRoutes from './content.ts';
import adminPeopleRoutes from './people.ts';
import adminScimTokenRoutes from './scim-tokens.ts';
import adminSettingsRoutes from './settings.ts';
import adminTeamRoutes from './teams.ts';

// /api/v1/admin (docs/domain/administration.md#administrators): the console's API. Administration
// is a right beside the programme role (`is_admin`), checked once here for every operation; each
// operation is scoped to the administrator's own organisation, so another organisation's ids are
// 404.
const adminRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.addHook('onRequest', async (request) => {
    if (!callerOf(request).user.isAdmin) {
      throw forbidden("Only your organisation's administrators can use the administration console.");
    }
  });
  await app.register(adminPeopleRoutes, { prefix: '/people', publicUrl });
  await app.register(adminTeamRoutes, { prefix: '/teams' });
  await app.register(adminCohortRoutes, { prefix: '/cohorts' });
  await app.register(adminContentRoutes);
  await app.register(adminSettingsRoutes, { prefix: '/settings' });
  await app.register(adminScimTokenRoutes, { prefix: '/scim-tokens' });
  await app.register(adminAuditRoutes, { prefix: '/audit' });
};

export default adminRoutes;
