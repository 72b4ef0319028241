import Provider, { errors, type Configuration } from 'oidc-provider';
import { ONE_HOUR, commonConfiguration, type CommonOptions } from './provider-common.ts';
import type { HostedUser } from './users.ts';

export const hostedClientId = 'habitrack-web';
export const hostedAudience = 'https://api.habitrack.local';

/** Auth0's routes, so auth0-spa-js finds everything where it looks on a real tenant. */
export const hostedRoutes = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  userinfo: '/userinfo',
  jwks: '/.well-known/jwks.json',
  end_session: '/oidc/logout',
} as const;

// auth0-spa-js with useRefreshTokens asks for these; Auth0 echoes them as the access token's scope.
const audienceScopes = 'openid profile email offline_access';

export type HostedProviderOptions = CommonOptions & {
  issuer: string;
  audience: string;
  users: HostedUser[];
};

export function createHostedProvider(options: HostedProviderOptions): Provider {
  const bySubject = new Map(options.users.map((user) => [user.hostedSubject, user]));
  const common = commonConfiguration(options);

  const configuration: Configuration = {
    ...common,
    routes: hostedRoutes,
    clients: [
      {
        client_id: hostedClientId,
        client_name: 'HabiTrack web',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.appOrigins.map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: options.appOrigins.flatMap((origin) => [origin, `${origin}/`]),
      },
    ],
    // auth0-spa-js names the API with Auth0's `audience`, not RFC 8707's `resource`.
    extraParams: ['audience'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'nickname', 'updated_at'],
      email: ['email', 'email_verified'],
    },
    async findAccount(_ctx, sub) {
      const user = bySubject.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.name,
          nickname: user.email.split('@')[0],
          email: user.email,
          email_verified: true,
        }),
      };
    },
    // What a post-login Action adds on the real tenant: the API links provisioned users by e-mail.
    extraTokenClaims(_ctx, token) {
      const user = 'accountId' in token ? bySubject.get(token.accountId) : undefined;
      return user ? { email: user.email, email_verified: true, name: user.name } : undefined;
    },
    formats: {
      customizers: {
        jwt(_ctx, _token, jwt) {
          jwt.payload.azp = jwt.payload.client_id;
        },
      },
    },
    features: {
      ...common.features,
      resourceIndicators: {
        enabled: true,
        // Like an Auth0 tenant whose default audience is the API: tokens are always API JWTs.
        defaultResource: (ctx) => {
          const audience = ctx.oidc.params?.audience;
          return typeof audience === 'string' && audience ? audience : options.audience;
        },
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== options.audience) throw new errors.InvalidTarget(`Service not found: ${indicator}`);
          return {
            scope: audienceScopes,
            audience: options.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ONE_HOUR,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  };

  return new Provider(options.issuer, configuration);
}
