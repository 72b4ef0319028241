import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import adminPeopleRoutes from './people.ts';

// /api/v1/admin (DOMAIN "Wave 2: administration"): the console's API. Administration is a right
// beside the programme role (`is_admin`), checked once here for every operation; each operation is
// scoped to the administrator's own organisation, so another organisation's ids are 404.
const adminRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.addHook('onRequest', async (request) => {
    if (!callerOf(request).user.isAdmin) {
      throw forbidden("Only your organisation's administrators can use the administration console.");
    }
  });
  await app.register(adminPeopleRoutes, { prefix: '/people', publicUrl });
};

export default adminRoutes;
