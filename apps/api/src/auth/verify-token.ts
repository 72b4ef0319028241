import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { AuthConfig } from '../config.ts';
import { LRUCache } from 'lru-cache';

export type IdentityProvider = 'auth0' | 'azure_ad';

// What the API knows about a caller once the signature and claims check out.
export type VerifiedToken = {
  provider: IdentityProvider;
  issuer: string;
  // auth0: `sub`; azure_ad: `oid` (the user's object id, the same for every application).
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  tenantId: string | null;
  expiresAt: number;
  claims: JWTPayload;
};

export class InvalidTokenError extends Error {}

export type KeySets = { auth0?: JWTVerifyGetKey; azure?: JWTVerifyGetKey };

const CLOCK_TOLERANCE_SECONDS = 60;
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stringClaim = (claims: JWTPayload, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

function remoteKeySet(uri: string): JWTVerifyGetKey {
  // An unknown `kid` refetches the set (at most every 30 s), so a rotated key is picked up
  // without a restart.
  return createRemoteJWKSet(new URL(uri), {
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
    timeoutDuration: 5_000,
  });
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export type VerifierOptions = {
  // Clock in milliseconds (tests move it); defaults to Date.now.
  now?: () => number;
  // Most verified tokens remembered; 0 turns the cache off.
  cacheSize?: number;
};

const DEFAULT_CACHE_SIZE = 10_000;

// Remembers tokens whose signature and claims checked out, so a caller's next requests skip the
// RS256 verification. A token is served from here only until it expires (with the same 60 s
// leeway the verification allows); refusals are never remembered, so a token refused once is
// checked afresh every time. The least recently used entry goes first when the cache is full.
function cached(verify: TokenVerifier, options: VerifierOptions): TokenVerifier {
  const size = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  if (size <= 0) return verify;
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, VerifiedToken>({ max: size });
  return async (token) => {
    const hit = entries.get(token);
    if (hit) {
      if (now() / 1000 <= hit.expiresAt + CLOCK_TOLERANCE_SECONDS) return hit;
      entries.delete(token);
    }
    const verified = await verify(token);
    entries.set(token, verified);
    return verified;
  };
}

// One verifier for every configured issuer: RS256 only, iss, aud, exp, nbf with 60 s leeway,
// and the token must have been issued to our own web client (azp) when it says so.
export function createTokenVerifier(
  auth: AuthConfig,
  keySets: KeySets = {},
  options: VerifierOptions = {},
): TokenVerifier {
  const auth0Keys = auth.auth0 ? (keySets.auth0 ?? remoteKeySet(auth.auth0.jwksUri)) : undefined;
  const azureKeys = auth.azure ? (keySets.azure ?? remoteKeySet(auth.azure.jwksUri)) : undefined;
  const currentDate = () => new Date((options.now ?? Date.now)());

  return cached(async (token) => {
    let unverified: JWTPayload;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256') throw new InvalidTokenError('The access token must be signed with RS256.');
      unverified = decodeJwt(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError('The access token is not a well-formed JWT.');
    }

    if (auth.auth0 && auth0Keys && unverified.iss === auth.auth0.issuer) {
      refuseByClaims(unverified, auth.auth0.audience, currentDate());
      const claims = await verifyWith(token, auth0Keys, auth.auth0.issuer, auth.auth0.audience, currentDate());
      checkAuthorizedParty(claims, auth.auth0.clientId);
      return {
        provider: 'auth0',
        issuer: auth.auth0.issuer,
        subject: requireClaim(claims, 'sub'),
        email: stringClaim(claims, 'email')?.toLowerCase() ?? null,
        emailVerified: claims.email_verified !== false,
        name: stringClaim(claims, 'name'),
        tenantId: null,
        expiresAt: claims.exp ?? 0,
        claims,
      };
    }

    if (auth.azure && azureKeys) {
      const tenantId = typeof unverified.tid === 'string' && TENANT_ID.test(unverified.tid) ? unverified.tid : null;
      const issuer = auth.azure.issuer.replace('{tenantid}', tenantId ?? '');
      if (tenantId && unverified.iss === issuer) {
        refuseByClaims(unverified, auth.azure.audience, currentDate());
        const claims = await verifyWith(token, azureKeys, issuer, auth.azure.audience, currentDate());
        checkAuthorizedParty(claims, auth.azure.clientId);
        const email =
          stringClaim(claims, 'preferred_username') ?? stringClaim(claims, 'email') ?? stringClaim(claims, 'upn');
        return {
          provider: 'azure_ad',
          issuer,
          subject: requireClaim(claims, 'oid'),
          email: email?.toLowerCase() ?? null,
          emailVerified: true,
          name: stringClaim(claims, 'name'),
          tenantId,
          expiresAt: claims.exp ?? 0,
          claims,
        };
      }
    }
    throw new InvalidTokenError('The access token was not issued by a trusted sign-in provider.');
  }, options);
}

// Claims that refuse a token without any cryptography: an expired token or one for another
// audience is turned away before its signature is checked, so a flood of such tokens costs the
// verifier no RS256 work. A token that passes is still verified in full below.
function refuseByClaims(unverified: JWTPayload, audience: string, currentDate: Date): void {
  const now = currentDate.getTime() / 1000;
  if (typeof unverified.exp === 'number' && now > unverified.exp + CLOCK_TOLERANCE_SECONDS) {
    throw new InvalidTokenError('The access token has expired.');
  }
  const audiences = Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud];
  if (!audiences.includes(audience)) throw new InvalidTokenError("The access token's aud claim is not valid.");
}

async function verifyWith(
  token: string,
  keys: JWTVerifyGetKey,
  issuer: string,
  audience: string,
  currentDate: Date,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      currentDate,
      issuer,
      audience,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('The access token has expired.');
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      throw new InvalidTokenError(`The access token's ${error.claim} claim is not valid.`);
    }
    if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new InvalidTokenError('The access token signature is not valid.');
    }
    if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError('The access token is not valid.');
    // Anything else (the key set could not be fetched) is ours, not the caller's.
    throw error;
  }
}

function requireClaim(claims: JWTPayload, name: string): string {
  const value = stringClaim(claims, name);
  if (!value) throw new InvalidTokenError(`The access token has no ${name} claim.`);
  return value;
}

function checkAuthorizedParty(claims: JWTPayload, clientId: string): void {
  const party = stringClaim(claims, 'azp') ?? stringClaim(claims, 'appid') ?? stringClaim(claims, 'client_id');
  if (party !== null && party !== clientId) {
    throw new InvalidTokenError('The access token was issued to another application.');
  }
}
