import type { FastifyInstance } from 'fastify';
import { scimDiscovery } from '../../services/scim/discovery.ts';

// ServiceProviderConfig, ResourceTypes and Schemas (RFC 7644 §4): what this server supports.
export default async function discoveryRoutes(app: FastifyInstance, options: { baseUrl: string }) {
  const hide = { schema: { hide: true } };
  const discovery = scimDiscovery(options.baseUrl);
  app.get('/ServiceProviderConfig', hide, async () => discovery.serviceProviderConfig);
  app.get('/ResourceTypes', hide, async () => discovery.list(discovery.resourceTypes));
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', hide, async (request) =>
    discovery.one(discovery.resourceTypes, request.params.id),
  );
  app.get('/Schemas', hide, async () => discovery.list(discovery.schemas));
  app.get<{ Params: { id: string } }>('/Schemas/:id', hide, async (request) =>
    discovery.one(discovery.schemas, request.params.id),
  );
}
