import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { memoryStore } from './memory-store.ts';
import { errorPage, signOutPage, signedOutPage } from './pages.ts';
import type { PrivateSigningJwk } from './signing-keys.ts';

export const ONE_HOUR = 60 * 60;
export const ONE_DAY = 24 * ONE_HOUR;

/**
 * 1 h tokens, 14-day refresh tokens, a one-day session, 60 s leeway
 * (docs/operations/dev-identity-provider.md#behaviour-worth-knowing).
 */
export const ttl = {
  AccessToken: ONE_HOUR,
  IdToken: ONE_HOUR,
  RefreshToken: 14 * ONE_DAY,
  Grant: 14 * ONE_DAY,
  Session: ONE_DAY,
  Interaction: ONE_HOUR,
  AuthorizationCode: 60,
} as const;

export const clockTolerance = 60;

export const oidcScopes = ['openid', 'offline_access', 'profile', 'email'];

export function interactionPath(uid: string): string {
  return `/interaction/${uid}`;
}

/**
 * Consent is never asked (the apps are first-party): every sign-in gets a grant covering the OIDC
 * scopes and the scopes of the resource it asked for.
 */
async function grantEverything(ctx: KoaContextWithOIDC) {
  const { client, session, account, provider } = ctx.oidc;
  if (!client || !session || !account) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let grant = grantId ? await provider.Grant.find(grantId) : undefined;
  if (!grant || grant.accountId !== account.accountId) {
    grant = new provider.Grant({ clientId: client.clientId, accountId: account.accountId });
  }
  grant.addOIDCScope(oidcScopes);
  for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
    grant.addResourceScope(indicator, server.scope);
  }
  await grant.save();
  return grant;
}

export type CommonOptions = {
  /** Shown on every page, so nobody mistakes it for a real sign-in. */
  banner: string;
  signingKeys: PrivateSigningJwk[];
  cookieKeys: string[];
  /** `none` where the provider is cross-site to the app (https provider, http app) but sits in its iframes. */
  sameSite: 'lax' | 'none';
  appOrigins: string[];
};

export function commonConfiguration(options: CommonOptions): Configuration {
  const origins = new Set(options.appOrigins);
  return {
    adapter: memoryStore(),
    jwks: { keys: options.signingKeys },
    cookies: {
      keys: options.cookieKeys,
      long: { httpOnly: true, sameSite: options.sameSite, signed: true },
      short: { httpOnly: true, sameSite: options.sameSite, signed: true },
    },
    ttl,
    clockTolerance,
    scopes: oidcScopes,
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // SPAs get refresh tokens whether or not offline_access survived: oidc-provider drops it from
    // any request with a prompt other than consent (auth0-spa-js and MSAL both send prompt=none).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Like Azure AD (and Auth0 without rotation): a refresh token stays usable until it expires,
    // so two tabs refreshing at once do not revoke each other. Logout still revokes the grant.
    rotateRefreshToken: false,
    expiresWithSession: () => false,
    loadExistingGrant: grantEverything,
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage({ banner: options.banner, form });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(options.banner);
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage({ banner: options.banner, error: out.error, description: out.error_description });
    },
  };
}
