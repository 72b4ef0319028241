import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { directoryApiScope, directoryClientId, directoryRoutes } from './directory-provider.ts';
import { isContentType, pathWithQuery, readBody, replayRequest, requestUrl } from './http-request.ts';
import { handleInteraction, matchInteraction, type InteractionOptions } from './interactions.ts';

const discoveryPath = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/;
const tenantScopedPath = /^\/([^/]+)\/(oauth2\/v2\.0\/[a-z]+|discovery\/v2\.0\/keys)$/;

function withScope(scope: string | null, add: string): string {
  const scopes = new Set((scope ?? '').split(' ').filter(Boolean));
  scopes.add(add);
  return [...scopes].join(' ');
}

/**
 * Azure AD behaviours oidc-provider does not have, applied to the request before it sees it.
 * Returns the request to hand on (a replay when the body changed).
 */
async function azureRequest(req: IncomingMessage, knownTenants: Set<string>): Promise<IncomingMessage> {
  const url = requestUrl(req);

  // MSAL (AAD protocol mode) asks `<authority>/v2.0/.well-known/openid-configuration`, for the
  // `organizations`/`common` authority or a tenant's own; all get the `organizations` document.
  const discovery = discoveryPath.exec(url.pathname);
  if (
    discovery?.[1] &&
    (knownTenants.has(discovery[1]) || discovery[1] === 'common' || discovery[1] === 'organizations')
  ) {
    url.pathname = '/.well-known/openid-configuration';
  }
  const scoped = tenantScopedPath.exec(url.pathname);
  if (scoped?.[1] && (knownTenants.has(scoped[1]) || scoped[1] === 'common')) {
    url.pathname = `/organizations/${scoped[2]}`;
  }

  if (req.method === 'GET' && url.pathname === directoryRoutes.authorization) {
    // Azure's refresh tokens work for every resource the app is consented to: asking for the
    // API scope at sign-in lets MSAL later refresh into an API token whatever it signed in with.
    url.searchParams.set('scope', withScope(url.searchParams.get('scope'), directoryApiScope));
    // oidc-provider knows login/consent/none; Azure's account picker is our sign-in page.
    if (url.searchParams.get('prompt') === 'select_account') url.searchParams.set('prompt', 'login');
  }

  if (req.method === 'GET' && url.pathname === directoryRoutes.end_session) {
    // MSAL sends post_logout_redirect_uri without client_id (Azure knows the app from its
    // session); oidc-provider needs one of client_id or id_token_hint to check the URI.
    const hint = url.searchParams.get('id_token_hint');
    if (!url.searchParams.has('client_id')) url.searchParams.set('client_id', hintAudience(hint) ?? directoryClientId);
    // Its issuer is the user's tenant's; oidc-provider would check it against its own.
    url.searchParams.delete('id_token_hint');
  }

  req.url = pathWithQuery(url);

  if (
    req.method === 'POST' &&
    url.pathname === directoryRoutes.token &&
    isContentType(req, 'application/x-www-form-urlencoded')
  ) {
    const form = new URLSearchParams(await readBody(req));
    // MSAL re-sends offline_access on refresh; oidc-provider refuses scopes the refresh token
    // lacks, and drops offline_access at sign-in whenever a prompt (none, login) was sent.
    const scope = form.get('scope');
    if (form.get('grant_type') === 'refresh_token' && scope) {
      form.set(
        'scope',
        scope
          .split(' ')
          .filter((s) => s && s !== 'offline_access')
          .join(' '),
      );
    }
    return replayRequest(req, form.toString());
  }
  return req;
}

function hintAudience(idTokenHint: string | null): string | undefined {
  const payload = idTokenHint?.split('.')[1];
  if (!payload) return undefined;
  try {
    const { aud } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown };
    return typeof aud === 'string' ? aud : undefined;
  } catch {
    return undefined;
  }
}

export function directoryRequestHandler(options: {
  provider: () => Provider;
  interactions: () => InteractionOptions;
  tenantIds: string[];
}) {
  const knownTenants = new Set(options.tenantIds);
  let handler: ReturnType<Provider['callback']> | undefined;
  const callback = () => (handler ??= options.provider().callback());
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const uid = matchInteraction(requestUrl(req).pathname);
    if (uid) return handleInteraction(options.interactions(), uid, req, res);
    const handed = await azureRequest(req, knownTenants);
    return callback()(handed, res);
  };
}
