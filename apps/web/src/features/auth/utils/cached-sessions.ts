import type { TDirectoryAuthConfig, THostedAuthConfig } from '../types.ts';
import { readRawItem } from '../../../lib/storage.ts';

// SPEC §4 steps 2 and 3 look at what the SDKs left in localStorage, by their own key formats,
// so the choice is made before (and without) loading either SDK.

export const HOSTED_SCOPE = 'openid profile email';

// auth0-spa-js 2.27 (src/cache/shared.ts, CacheKey.toKey): '@@auth0spajs@@::<clientId>::<audience>::<scope>'.
// With useRefreshTokens the client appends 'offline_access' to its scope (Auth0Client constructor:
// injectDefaultScopes(scope, 'openid', 'offline_access')) and stores entries under that scope, so
// the configured 'openid profile email' is cached as 'openid profile email offline_access'. The
// plain-scope key is what a client without refresh tokens writes; either counts.
export function hostedTokenCacheKeys({
  clientId,
  audience,
}: Pick<THostedAuthConfig, 'clientId' | 'audience'>): string[] {
  return [`${HOSTED_SCOPE} offline_access`, HOSTED_SCOPE].map((scope) =>
    ['@@auth0spajs@@', clientId, audience, scope].join('::'),
  );
}

function isCacheEntry(raw: string | null): boolean {
  if (!raw) return false;
  try {
    const entry: unknown = JSON.parse(raw);
    return !!entry && typeof entry === 'object' && 'body' in entry;
  } catch {
    return false;
  }
}

export function hasHostedToken(config: THostedAuthConfig | null): boolean {
  if (!config) return false;
  return hostedTokenCacheKeys(config).some((key) => isCacheEntry(readRawItem(key)));
}

// msal-browser 4 (src/cache/CacheKeys.ts, getAccountKeysCacheKey): the list of cached account keys
// lives in plain JSON under 'msal.2.account.keys' (ACCOUNT_SCHEMA_VERSION 2); the accounts
// themselves are encrypted. 'msal.account.keys' and 'msal.1.account.keys' are older schemas that
// MSAL migrates when it starts.
export const DIRECTORY_ACCOUNT_KEYS = ['msal.2.account.keys', 'msal.1.account.keys', 'msal.account.keys'];

function isNonEmptyList(raw: string | null): boolean {
  if (!raw) return false;
  try {
    const keys: unknown = JSON.parse(raw);
    return Array.isArray(keys) && keys.length > 0;
  } catch {
    return false;
  }
}

export function hasDirectoryAccount(config: TDirectoryAuthConfig | null): boolean {
  if (!config) return false;
  return DIRECTORY_ACCOUNT_KEYS.some((key) => isNonEmptyList(readRawItem(key)));
}
