import type { FastifyInstance } from 'fastify';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
} from '../../services/scim/groups.service.ts';
import { scimCaller } from './caller.ts';

type Projection = { attributes?: string; excludedAttributes?: string };
type IdParams = { Params: { id: string }; Querystring: Projection };
type ListQuery = { Querystring: { filter?: string; startIndex?: string; count?: string } & Projection };

// /scim/v2/Groups: the organisation's teams (RFC 7644 §3); every write is one audited transaction.
export default async function groupRoutes(app: FastifyInstance) {
  const hide = { schema: { hide: true } };
  app.get<ListQuery>('/Groups', hide, async (request) => listGroups(app.database, scimCaller(request), request.query));
  app.post('/Groups', hide, async (request, reply) => {
    // RFC 7644 §3.3: 201 with the resource, and its address in Location.
    const created = await createGroup(app.database, scimCaller(request), request.body);
    return reply.code(201).header('location', created.meta.location).send(created);
  });
  app.get<IdParams>('/Groups/:id', hide, async (request) =>
    getGroup(app.database, scimCaller(request), request.params.id, request.query),
  );
  app.put<IdParams>('/Groups/:id', hide, async (request) =>
    replaceGroup(app.database, scimCaller(request), request.params.id, request.body),
  );
  app.patch<IdParams>('/Groups/:id', hide, async (request) =>
    patchGroup(app.database, scimCaller(request), request.params.id, request.body),
  );
  app.delete<IdParams>('/Groups/:id', hide, async (request, reply) => {
    await deleteGroup(app.database, scimCaller(request), request.params.id);
    return reply.code(204).send();
  });
}
