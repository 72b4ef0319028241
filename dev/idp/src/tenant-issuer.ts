import { AsyncLocalStorage } from 'node:async_hooks';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** Azure AD's multi-tenant issuer: one per tenant, `<origin>/<tid>/v2.0`. */
export function tenantIssuer(origin: string, tenantId: string): string {
  return `${origin}/${tenantId}/v2.0`;
}

/** What Azure AD's `organizations` discovery document says: the template the API fills with `tid`. */
export function issuerTemplate(origin: string): string {
  return tenantIssuer(origin, '{tenantid}');
}

/**
 * oidc-provider has one issuer per instance; Azure AD signs every token with the issuer of the
 * user's tenant. So `provider.issuer` becomes a getter that answers the tenant of the account
 * the current request is about (tokens, ID tokens, the authorization response `iss`), and the
 * bare origin when there is none (error responses). Paths are unaffected: oidc-provider fixes
 * its mount path at construction and resolves absolute paths against this value.
 */
export function useTenantIssuers(provider: Provider, origin: string): void {
  const requests = new AsyncLocalStorage<KoaContextWithOIDC>();
  provider.use((ctx, next) => requests.run(ctx as KoaContextWithOIDC, next));
  Object.defineProperty(provider, 'issuer', {
    configurable: true,
    enumerable: true,
    get(): string {
      const ctx = requests.getStore();
      // `oidc` exists only once oidc-provider's router has taken the request.
      const tenantId = ctx && 'oidc' in ctx ? ctx.oidc.account?.tenantId : undefined;
      return typeof tenantId === 'string' ? tenantIssuer(origin, tenantId) : origin;
    },
  });
}
