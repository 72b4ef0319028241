import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { createFileOnce, readJsonFile, replaceFile } from './state-files.ts';

/** An RSA private key as a JWK, with the fields oidc-provider and jose need to pick it. */
export type PrivateSigningJwk = {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
  d: string;
  p: string;
  q: string;
  dp: string;
  dq: string;
  qi: string;
};

export type PublicSigningJwk = Pick<PrivateSigningJwk, 'kty' | 'kid' | 'alg' | 'use' | 'n' | 'e'>;

export type SigningKeys = {
  /** Every key, newest first; the first one signs. */
  keys: PrivateSigningJwk[];
  current: { kid: string; jwk: PrivateSigningJwk; privateKey: KeyObject };
  /** What `/.well-known/jwks.json` publishes: the public halves of every key. */
  publicJwks: { keys: PublicSigningJwk[] };
};

type KeyFile = { keys: PrivateSigningJwk[] };

/** Keys kept after a rotation: the new one plus the two before it, so recent tokens still verify. */
const KEPT_KEYS = 3;

export function signingKeysFile(stateDir: string): string {
  return path.join(stateDir, 'signing-keys.json');
}

function newSigningKey(): PrivateSigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const { n, e, d, p, q, dp, dq, qi } = jwk;
  if (!n || !e || !d || !p || !q || !dp || !dq || !qi) throw new Error('node:crypto exported an incomplete RSA key');
  // RFC 7638 thumbprint as the key id: stable, unique, and needs no registry.
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
  return { kty: 'RSA', kid, alg: 'RS256', use: 'sig', n, e, d, p, q, dp, dq, qi };
}

function toSigningKeys(file: KeyFile): SigningKeys {
  const [current] = file.keys;
  if (!current) throw new Error('The signing key file has no keys; delete it to have a new one made.');
  return {
    keys: file.keys,
    current: {
      kid: current.kid,
      jwk: current,
      privateKey: createPrivateKey({ key: { ...current }, format: 'jwk' }),
    },
    publicJwks: { keys: file.keys.map(({ kty, kid, alg, use, n, e }) => ({ kty, kid, alg, use, n, e })) },
  };
}

/**
 * The keys both dev providers sign with, from `<stateDir>/signing-keys.json`; made on first use
 * and reused afterwards, so tokens (and a benchmark signing its own) stay valid across restarts.
 */
export async function loadSigningKeys(stateDir: string): Promise<SigningKeys> {
  const file = signingKeysFile(stateDir);
  const existing = await readJsonFile<KeyFile>(file);
  if (existing) return toSigningKeys(existing);
  const created = await createFileOnce(file, `${JSON.stringify({ keys: [newSigningKey()] }, null, 2)}\n`);
  return toSigningKeys(JSON.parse(created) as KeyFile);
}

/**
 * Adds a new current key in front of the old ones (which stay published, so tokens they signed
 * still verify). A running provider picks it up on its next start.
 */
export async function rotateSigningKey(stateDir: string): Promise<SigningKeys> {
  const before = await loadSigningKeys(stateDir);
  const keys = [newSigningKey(), ...before.keys].slice(0, KEPT_KEYS);
  await replaceFile(signingKeysFile(stateDir), `${JSON.stringify({ keys }, null, 2)}\n`);
  return toSigningKeys({ keys });
}
