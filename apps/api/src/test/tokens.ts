import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { KeySets } from '../auth/verify-token.ts';
import type { AuthConfig } from '../config.ts';

// Test issuers: real RS256 keys and local key sets, so tests verify real signatures offline.
export const testAuth: AuthConfig = {
  auth0: {
    domain: 'hosted.test',
    issuer: 'https://hosted.test/',
    clientId: 'web-client',
    audience: 'https://api.habitrack.test',
    jwksUri: 'https://hosted.test/.well-known/jwks.json',
  },
  azure: {
    clientId: '11111111-2222-4333-8444-555555555555',
    authority: 'https://login.test/organizations',
    knownAuthorities: [],
    apiScope: 'api://66666666-7777-4888-9999-000000000000/access_as_user',
    audience: '66666666-7777-4888-9999-000000000000',
    issuer: 'https://login.test/{tenantid}/v2.0',
    jwksUri: 'https://login.test/common/discovery/v2.0/keys',
  },
};

type SigningKey = {
  kid: string;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  publicJwk: JWK;
};

type KeyPair = { privateKey: SigningKey['privateKey']; publicJwk: JWK };

// Generating an RSA key pair costs about 0.15 s of CPU, and a test run makes a few hundred issuer
// sets of three keys: a minute of CPU. So each test process generates three distinct pairs once,
// and every set gives them key ids of its own. Keys are looked up by kid, so a token of one set is
// still unknown to every other set (and its app); within a set the three keys still differ.
let keyPairs: Promise<KeyPair[]> | undefined;
function processKeyPairs(): Promise<KeyPair[]> {
  keyPairs ??= Promise.all(
    [0, 1, 2].map(async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      return { privateKey, publicJwk: await exportJWK(publicKey) };
    }),
  );
  keyPairs.catch(() => (keyPairs = undefined));
  return keyPairs;
}

function newKey(pair: KeyPair): SigningKey {
  const kid = randomUUID();
  return { kid, privateKey: pair.privateKey, publicJwk: { ...pair.publicJwk, kid, alg: 'RS256', use: 'sig' } };
}

export type TestIssuers = Awaited<ReturnType<typeof createTestIssuers>>;

export async function createTestIssuers() {
  const [hosted, directory, stranger] = await processKeyPairs();
  const hostedKey = newKey(hosted!);
  const directoryKey = newKey(directory!);
  const strangerKey = newKey(stranger!);
  const keySets: KeySets = {
    auth0: createLocalJWKSet({ keys: [hostedKey.publicJwk] }),
    azure: createLocalJWKSet({ keys: [directoryKey.publicJwk] }),
  };

  async function sign(key: SigningKey, claims: JWTPayload, header: { kid?: string } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, exp: now + 3600, ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: header.kid ?? key.kid })
      .sign(key.privateKey);
  }

  return {
    keySets,
    hostedKey,
    directoryKey,
    strangerKey,
    sign,
    hosted(options: { sub?: string; email: string; claims?: JWTPayload; key?: SigningKey }) {
      return sign(options.key ?? hostedKey, {
        iss: testAuth.auth0!.issuer,
        aud: [testAuth.auth0!.audience, `${testAuth.auth0!.issuer}userinfo`],
        azp: testAuth.auth0!.clientId,
        sub: options.sub ?? `auth0|${randomUUID()}`,
        email: options.email,
        email_verified: true,
        scope: 'openid profile email',
        ...options.claims,
      });
    },
    directory(options: { tid: string; oid?: string; email: string; claims?: JWTPayload; key?: SigningKey }) {
      const oid = options.oid ?? randomUUID();
      return sign(options.key ?? directoryKey, {
        iss: testAuth.azure!.issuer.replace('{tenantid}', options.tid),
        aud: testAuth.azure!.audience,
        azp: testAuth.azure!.clientId,
        sub: `pairwise-${oid}`,
        oid,
        tid: options.tid,
        preferred_username: options.email,
        name: 'Test Person',
        scp: 'access_as_user',
        ...options.claims,
      });
    },
  };
}
