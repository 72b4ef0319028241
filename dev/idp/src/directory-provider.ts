import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ONE_HOUR, commonConfiguration, type CommonOptions } from './provider-common.ts';
import { issuerTemplate, tenantIssuer, useTenantIssuers } from './tenant-issuer.ts';
import type { DirectoryUser } from './users.ts';

/** The SPA's app registration (public client) and the API's, as fixed GUIDs like Azure's. */
export const directoryClientId = '0f3c5a7e-2b4d-4c6e-8a1f-9d2b4c6e8a10';
export const directoryApiClientId = '6a8e1c3f-5b7d-4e9a-b2c4-d6f8a0b2c4e6';
export const directoryApiResource = `api://${directoryApiClientId}`;
export const directoryApiScope = `${directoryApiResource}/access_as_user`;

/** Azure AD v2.0 paths for the multi-tenant `organizations` authority. */
export const directoryRoutes = {
  authorization: '/organizations/oauth2/v2.0/authorize',
  token: '/organizations/oauth2/v2.0/token',
  end_session: '/organizations/oauth2/v2.0/logout',
  jwks: '/organizations/discovery/v2.0/keys',
  userinfo: '/oidc/userinfo',
  revocation: '/organizations/oauth2/v2.0/revoke',
} as const;

export type DirectoryProviderOptions = CommonOptions & {
  /** `https://localhost:<port>`, no path. */
  origin: string;
  users: DirectoryUser[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** MSAL builds its account (home account id `<oid>.<tid>`) from this, not from the ID token. */
export function clientInfo(user: Pick<DirectoryUser, 'directoryOid' | 'tenantId'>): string {
  return Buffer.from(JSON.stringify({ uid: user.directoryOid, utid: user.tenantId })).toString('base64url');
}

export function createDirectoryProvider(options: DirectoryProviderOptions): Provider {
  const byOid = new Map(options.users.map((user) => [user.directoryOid, user]));
  const common = commonConfiguration(options);

  const configuration: Configuration = {
    ...common,
    routes: directoryRoutes,
    clients: [
      {
        client_id: directoryClientId,
        client_name: 'HabiTrack web',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.appOrigins.map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: options.appOrigins.flatMap((origin) => [origin, `${origin}/`]),
      },
    ],
    claims: {
      openid: ['sub', 'tid', 'oid'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    async findAccount(_ctx, oid) {
      const user = byOid.get(oid);
      if (!user) return undefined;
      return {
        accountId: oid,
        tenantId: user.tenantId,
        claims: () => ({
          // Azure's `sub` is pairwise per application; here it equals `oid`. Key identities on oid.
          sub: oid,
          oid,
          tid: user.tenantId,
          name: user.name,
          preferred_username: user.email,
          email: user.email,
        }),
      };
    },
    extraTokenClaims(_ctx, token) {
      const user = 'accountId' in token ? byOid.get(token.accountId) : undefined;
      if (!user) return undefined;
      return {
        tid: user.tenantId,
        oid: user.directoryOid,
        name: user.name,
        preferred_username: user.email,
        email: user.email,
        azp: token.clientId,
        ver: '2.0',
      };
    },
    formats: {
      customizers: {
        // Azure v2.0 access tokens: aud = the API's client id, `scp` without the api:// prefix,
        // no `scope`/`client_id`, and the tenant's issuer.
        jwt(_ctx, _token, jwt) {
          const { payload } = jwt;
          const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
          payload.scp = scopes.map((scope) => scope.replace(`${directoryApiResource}/`, '')).join(' ');
          delete payload.scope;
          delete payload.client_id;
          payload.nbf = payload.iat;
          if (typeof payload.tid === 'string') payload.iss = tenantIssuer(options.origin, payload.tid);
        },
      },
    },
    features: {
      ...common.features,
      resourceIndicators: {
        enabled: true,
        // Azure v2.0 names the resource by the scope's prefix; ours is always the API.
        defaultResource: () => directoryApiResource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== directoryApiResource) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          return {
            scope: directoryApiScope,
            audience: directoryApiClientId,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ONE_HOUR,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
  };

  const provider = new Provider(options.origin, configuration);
  useTenantIssuers(provider, options.origin);

  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (ctx.status !== 200 || !isRecord(body)) return;
    if (ctx.path === '/.well-known/openid-configuration') {
      body.issuer = issuerTemplate(options.origin);
      body.cloud_instance_name = new URL(options.origin).host;
      body.tenant_region_scope = null;
    }
    if (ctx.path === directoryRoutes.token && typeof body.access_token === 'string') {
      const account = (ctx as KoaContextWithOIDC).oidc.account;
      const user = account ? byOid.get(account.accountId) : undefined;
      if (user) body.client_info = clientInfo(user);
      body.ext_expires_in = body.expires_in;
    }
  });

  return provider;
}
