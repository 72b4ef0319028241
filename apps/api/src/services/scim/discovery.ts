import { scimNotFound } from '../../lib/scim-error.ts';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './user-mapping.ts';

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex';
  multiValued?: boolean;
  required?: boolean;
  subAttributes?: object[];
  uniqueness?: 'none' | 'server';
  caseExact?: boolean;
};

const attribute = (a: Attribute): object => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  description: a.name,
  ...a,
});

// What the server says about itself; every resource carries its own location.
export function scimDiscovery(baseUrl: string) {
  const meta = (resourceType: string, id: string) => ({
    resourceType,
    location: `${baseUrl}/${resourceType === 'Schema' ? 'Schemas' : 'ResourceTypes'}/${id}`,
  });
  const schemas = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A HabiTrack user: userName is the e-mail address.',
      attributes: [
        attribute({ name: 'userName', type: 'string', required: true, uniqueness: 'server' }),
        attribute({ name: 'externalId', type: 'string', caseExact: true }),
        attribute({
          name: 'name',
          type: 'complex',
          subAttributes: [
            attribute({ name: 'givenName', type: 'string' }),
            attribute({ name: 'familyName', type: 'string' }),
            attribute({ name: 'formatted', type: 'string' }),
          ],
        }),
        attribute({ name: 'displayName', type: 'string' }),
        attribute({ name: 'title', type: 'string' }),
        attribute({ name: 'preferredLanguage', type: 'string' }),
        attribute({ name: 'locale', type: 'string' }),
        attribute({ name: 'active', type: 'boolean' }),
        attribute({
          name: 'emails',
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute({ name: 'value', type: 'string' }), attribute({ name: 'type', type: 'string' })],
        }),
      ],
      meta: meta('Schema', USER_SCHEMA),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: ENTERPRISE_SCHEMA,
      name: 'EnterpriseUser',
      description: "The department becomes the user's team; manager is accepted and not kept.",
      attributes: [attribute({ name: 'department', type: 'string' })],
      meta: meta('Schema', ENTERPRISE_SCHEMA),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A team; its members are the users whose team it is (one team per user).',
      attributes: [
        attribute({ name: 'displayName', type: 'string', required: true, uniqueness: 'server' }),
        attribute({ name: 'externalId', type: 'string', caseExact: true }),
        attribute({
          name: 'members',
          type: 'complex',
          multiValued: true,
          subAttributes: [attribute({ name: 'value', type: 'string' }), attribute({ name: 'display', type: 'string' })],
        }),
      ],
      meta: meta('Schema', GROUP_SCHEMA),
    },
  ];
  const resourceTypes = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'People of the organisation',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: meta('ResourceType', 'User'),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "The organisation's teams",
      schema: GROUP_SCHEMA,
      meta: meta('ResourceType', 'Group'),
    },
  ];
  const serviceProviderConfig = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'docs/decisions/018-administration-and-scim.md',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token of one organisation, made with npm run admin -- scim-token create --org <id>',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
  return {
    schemas,
    resourceTypes,
    serviceProviderConfig,
    list: <T>(resources: T[]) => ({
      schemas: [LIST_SCHEMA],
      totalResults: resources.length,
      startIndex: 1,
      itemsPerPage: resources.length,
      Resources: resources,
    }),
    one: <T extends { id: string }>(resources: T[], id: string) => {
      const found = resources.find((r) => r.id === id);
      if (!found) throw scimNotFound(`${id} not found`);
      return found;
    },
  };
}
