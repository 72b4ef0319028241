import type { FastifyRequest } from 'fastify';
import { ScimError } from '../../lib/scim-error.ts';
import type { ScimCaller } from '../../services/scim/caller.ts';

export const SCIM_CONTENT_TYPE = 'application/scim+json';

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller: ScimCaller | null;
  }
}

// The token's organisation, set by the SCIM plugin's onRequest hook (routes/scim/index.ts).
export function scimCaller(request: FastifyRequest): ScimCaller {
  if (!request.scimCaller) throw new ScimError(401, 'A SCIM bearer token is required');
  return request.scimCaller;
}
