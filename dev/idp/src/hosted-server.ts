import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { hostedClientId, hostedRoutes } from './hosted-provider.ts';
import { isContentType, readBody, redirect, replayRequest, requestUrl } from './http-request.ts';
import { handleInteraction, matchInteraction, type InteractionOptions } from './interactions.ts';

/**
 * Auth0's `/v2/logout?returnTo=&client_id=` as oidc-provider's end-session request; it checks
 * returnTo against the client's post-logout redirect URIs (the app origins).
 */
function logoutTarget(url: URL): string {
  const target = new URLSearchParams({ client_id: url.searchParams.get('client_id') ?? hostedClientId });
  const returnTo = url.searchParams.get('returnTo');
  if (returnTo) target.set('post_logout_redirect_uri', returnTo);
  return `${hostedRoutes.end_session}?${target.toString()}`;
}

/** auth0-spa-js posts JSON to /oauth/token unless useFormData; oidc-provider reads only forms. */
function jsonToForm(json: string): string {
  const parsed: unknown = JSON.parse(json);
  const form = new URLSearchParams();
  if (parsed && typeof parsed === 'object') {
    for (const [key, value] of Object.entries(parsed)) {
      if (value !== undefined && value !== null)
        form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return form.toString();
}

export function hostedRequestHandler(options: { provider: () => Provider; interactions: () => InteractionOptions }) {
  let handler: ReturnType<Provider['callback']> | undefined;
  const callback = () => (handler ??= options.provider().callback());
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = requestUrl(req);
    const uid = matchInteraction(url.pathname);
    if (uid) return handleInteraction(options.interactions(), uid, req, res);
    if (req.method === 'GET' && url.pathname === '/v2/logout') return redirect(res, logoutTarget(url));

    if (req.method === 'POST' && url.pathname === hostedRoutes.token && isContentType(req, 'application/json')) {
      return callback()(replayRequest(req, jsonToForm(await readBody(req))), res);
    }
    return callback()(req, res);
  };
}
