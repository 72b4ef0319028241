import type { TDirectoryAuthConfig, THostedAuthConfig } from '../types.ts';
import { readRawItem } from '../../../lib/storage.ts';

// Steps 2 and 3 of the provider choice
// (docs/domain/sign-in-in-the-browser.md#choosing-the-provider) look at what the SDKs left in
// localStorage, by their own key formats, so the choice is made before (and without) loading either
// SDK.

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

// auth0-spa-js 2.27 (src/cache/cache-manager.ts, setIdToken): the signed-in user's ID token and its
// decoded claims live under '@@auth0spajs@@::<clientId>::@@user@@' as { id_token, decodedToken }.
export function hostedUserCacheKey({ clientId }: Pick<THostedAuthConfig, 'clientId'>): string {
  return ['@@auth0spajs@@', clientId, '@@user@@'].join('::');
}

function readJsonItem(key: string): unknown {
  const raw = readRawItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function hostedSubject(config: THostedAuthConfig): string | null {
  const entry = readJsonItem(hostedUserCacheKey(config));
  if (!entry || typeof entry !== 'object' || !('decodedToken' in entry)) return null;
  const decoded = entry.decodedToken;
  if (!decoded || typeof decoded !== 'object' || !('user' in decoded)) return null;
  const user = decoded.user;
  if (!user || typeof user !== 'object' || !('sub' in user) || typeof user.sub !== 'string') return null;
  return user.sub;
}

// msal-browser 4: an account key is '<homeAccountId>-<environment>-<realm>' and a directory
// account's homeAccountId is '<object id>.<tenant id>'; the object id is its local account id, which
// the directory adapter reports as `sub`.
function directoryHoldsSubject(sub: string): boolean {
  const prefix = `${sub.toLowerCase()}.`;
  return DIRECTORY_ACCOUNT_KEYS.some((key) => {
    const keys = readJsonItem(key);
    return Array.isArray(keys) && keys.some((k) => typeof k === 'string' && k.toLowerCase().startsWith(prefix));
  });
}

// Whether the chosen provider's SDK holds a session of the person with this `sub`, read from its
// storage without loading it. False whenever it cannot tell.
export function holdsSessionOf(
  idpType: 'auth0' | 'azure_ad',
  config: { auth0: THostedAuthConfig | null; azure: TDirectoryAuthConfig | null },
  sub: string,
): boolean {
  if (!sub) return false;
  if (idpType === 'auth0') {
    return !!config.auth0 && hasHostedToken(config.auth0) && hostedSubject(config.auth0) === sub;
  }
  return !!config.azure && directoryHoldsSubject(sub);
}

// The SDK's storage entries that hold this person's session now (none when it holds none): a page
// drawn for them is shown again only while these entries are still there (lib/kept-screens.ts).
export function sessionKeysOf(
  idpType: 'auth0' | 'azure_ad',
  config: { auth0: THostedAuthConfig | null; azure: TDirectoryAuthConfig | null },
  sub: string,
): string[] {
  if (!holdsSessionOf(idpType, config, sub)) return [];
  if (idpType === 'auth0' && config.auth0) {
    const token = hostedTokenCacheKeys(config.auth0).filter((key) => isCacheEntry(readRawItem(key)));
    return [hostedUserCacheKey(config.auth0), ...token];
  }
  return DIRECTORY_ACCOUNT_KEYS.filter((key) => isNonEmptyList(readRawItem(key)));
}
