import { t } from '@lingui/core/macro';
import type { Auth0Client } from '@auth0/auth0-spa-js';
import { HOSTED_SCOPE } from '../utils/cached-sessions.ts';
import { CALLBACK_PATH, sanitizeReturnTo } from '../utils/return-to.ts';
import type { TAdapterOptions, TAuthAdapter, THostedAuthConfig } from '../types.ts';

type TAppState = { returnTo?: string };

// Errors after which only the user can help (auth0-spa-js error codes): a popup, never a loop.
const NEEDS_INTERACTION = new Set([
  'login_required',
  'consent_required',
  'interaction_required',
  'missing_refresh_token',
  'invalid_grant',
  'mfa_required',
]);

function needsInteraction(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'error' in error && NEEDS_INTERACTION.has(String(error.error));
}

// The hosted service returns to /callback with ?code&state (or ?error&state) in the query.
function isRedirectReturn(): boolean {
  const params = new URLSearchParams(window.location.search);
  return (
    window.location.pathname === CALLBACK_PATH && params.has('state') && (params.has('code') || params.has('error'))
  );
}

// The hosted service ("HabiTrack Account") through auth0-spa-js, loaded on first use only.
export function createAuth0Adapter(config: THostedAuthConfig, { origin, onStatus }: TAdapterOptions): TAuthAdapter {
  let client: Auth0Client | undefined;
  const authorizationParams = {
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    audience: config.audience,
    scope: HOSTED_SCOPE,
  };

  function sdk(): Auth0Client {
    if (!client) throw new Error(t`The sign-in service has not started yet.`);
    return client;
  }

  return {
    async init() {
      const { Auth0Client } = await import('@auth0/auth0-spa-js');
      // SDK HTTP and silent-token timeouts 10 s, token cache and ID token leeway 60 s
      // (docs/domain/sign-in-in-the-browser.md#sdk-settings).
      client = new Auth0Client({
        domain: config.domain,
        clientId: config.clientId,
        authorizationParams,
        cacheLocation: 'localstorage',
        useRefreshTokens: true,
        authorizeTimeoutInSeconds: 10,
        httpTimeoutInSeconds: 10,
        leeway: 60,
      });
      let redirect = null;
      if (isRedirectReturn()) {
        onStatus('handleRedirect');
        const result = await client.handleRedirectCallback<TAppState>(window.location.href);
        redirect = { returnTo: sanitizeReturnTo(result.appState?.returnTo) };
      } else {
        onStatus('ssoSilent');
        // Renews an expired access token from the refresh token; a no-op without a session.
        await client.checkSession();
      }
      const user = (await client.getUser()) ?? null;
      return { user, redirect };
    },

    async login(returnTo) {
      await sdk().loginWithRedirect<TAppState>({ authorizationParams, appState: { returnTo } });
    },

    async logout() {
      await sdk().logout({ logoutParams: { returnTo: origin } });
    },

    async getAccessToken() {
      let token: string | undefined;
      try {
        token = await sdk().getTokenSilently({ authorizationParams });
      } catch (error) {
        if (!needsInteraction(error)) throw error;
        onStatus('acquireToken');
        try {
          token = await sdk().getTokenWithPopup({ authorizationParams }, { timeoutInSeconds: 60 });
        } finally {
          onStatus('none');
        }
      }
      if (!token) throw new Error(t`The hosted sign-in service returned no access token.`);
      return token;
    },
  };
}
