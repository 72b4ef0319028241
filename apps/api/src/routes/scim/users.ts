import type { FastifyInstance } from 'fastify';
import {
  createUser,
  deleteUser,
  getScimUser,
  listUsers,
  patchUser,
  replaceUser,
} from '../../services/scim/users.service.ts';
import { scimCaller } from './caller.ts';

type Projection = { attributes?: string; excludedAttributes?: string };
type IdParams = { Params: { id: string }; Querystring: Projection };
type ListQuery = { Querystring: { filter?: string; startIndex?: string; count?: string } & Projection };

// /scim/v2/Users (RFC 7644 §3): every write is one transaction, recorded in the audit log.
export default async function userRoutes(app: FastifyInstance) {
  const hide = { schema: { hide: true } };
  app.get<ListQuery>('/Users', hide, async (request) => listUsers(app.database, scimCaller(request), request.query));
  app.post('/Users', hide, async (request, reply) => {
    // RFC 7644 §3.3: 201 with the resource, and its address in Location.
    const created = await createUser(app.database, scimCaller(request), request.body);
    return reply.code(201).header('location', created.meta.location).send(created);
  });
  app.get<IdParams>('/Users/:id', hide, async (request) =>
    getScimUser(app.database, scimCaller(request), request.params.id, request.query),
  );
  app.put<IdParams>('/Users/:id', hide, async (request) =>
    replaceUser(app.database, scimCaller(request), request.params.id, request.body),
  );
  app.patch<IdParams>('/Users/:id', hide, async (request) =>
    patchUser(app.database, scimCaller(request), request.params.id, request.body),
  );
  app.delete<IdParams>('/Users/:id', hide, async (request, reply) => {
    await deleteUser(app.database, scimCaller(request), request.params.id);
    return reply.code(204).send();
  });
}
