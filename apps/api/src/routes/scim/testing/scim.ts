import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';
import { createScimToken } from '../../../services/scim/tokens.service.ts';
import { createOrganisation } from '../../../test/factories.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

// A client that speaks application/scim+json with the token.
export function scimSender(app: App, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, bearer = token) =>
    app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
}

// A SCIM token for the organisation, and a client that sends with it.
export async function scimTokenFor(app: App, db: Db, organisationId: string) {
  const { token } = await createScimToken(db, { organisationId, createdBy: null });
  return scimSender(app, token);
}

// An organisation with a SCIM token, and a client that speaks application/scim+json with it.
export async function scimClient(app: App, db: Db) {
  const organisation = await createOrganisation(db);
  const { token, id: tokenId } = await createScimToken(db, { organisationId: organisation.id, createdBy: null });
  const domain = organisation.emailDomains[0]!;
  const send = scimSender(app, token);
  // The body Microsoft Entra ID sends to create a user (its SCIM documentation), for `email`.
  const entraUser = (email: string, externalId: string, extra: Record<string, unknown> = {}) => ({
    schemas: [USER_SCHEMA, ENTERPRISE],
    externalId,
    userName: email,
    active: true,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: 'Grace Hopper', familyName: 'Hopper', givenName: 'Grace' },
    roles: [],
    ...extra,
  });
  return { organisation, token, tokenId, domain, send, entraUser };
}

export type ScimClient = Awaited<ReturnType<typeof scimClient>>;
