import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSigningKeys, rotateSigningKey } from './signing-keys.ts';
import { startDevIdp, type DevIdp } from './start-idp.ts';
import { TestBrowser, callbackParams, pkcePair, randomToken, signInAs } from './test-browser.ts';

const run = promisify(execFile);
const appOrigin = 'http://localhost:3000';
let stateDir: string;

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'idp-state-'));
});

afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

async function withIdp<T>(use: (idp: DevIdp) => Promise<T>): Promise<T> {
  const idp = await startDevIdp({ appOrigins: [appOrigin], hostedPort: 0, directoryPort: 0, stateDir, env: 'test' });
  try {
    return await use(idp);
  } finally {
    await idp.close();
  }
}

async function publishedKeys(idp: DevIdp): Promise<JSONWebKeySet> {
  const browser = await TestBrowser.create();
  const response = await browser.request(idp.hosted.jwksUri);
  const jwks = (await response.json()) as JSONWebKeySet;
  await browser.close();
  return jwks;
}

/** A hosted access token for Eleanor, through the real flow. */
async function hostedAccessToken(idp: DevIdp): Promise<string> {
  const browser = await TestBrowser.create();
  const pkce = pkcePair();
  const authorize = new URL('authorize', idp.hosted.issuer);
  const params = {
    client_id: idp.hosted.clientId,
    redirect_uri: `${appOrigin}/callback`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    audience: idp.hosted.audience,
    state: randomToken(),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  };
  for (const [key, value] of Object.entries(params)) authorize.searchParams.set(key, value);
  const { callback } = await signInAs(browser, {
    authorizeUrl: authorize.href,
    appOrigin,
    person: 'Eleanor Whitfield',
  });
  const response = await browser.request(new URL('oauth/token', idp.hosted.issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: idp.hosted.clientId,
      code: callbackParams(callback).get('code') ?? '',
      redirect_uri: params.redirect_uri,
      code_verifier: pkce.verifier,
    }).toString(),
  });
  const body = (await response.json()) as { access_token: string };
  await browser.close();
  return body.access_token;
}

describe('dev identity provider state', () => {
  it('refuses to start when NODE_ENV is production, before touching anything', async () => {
    const refused = startDevIdp({ appOrigins: [appOrigin], stateDir: path.join(stateDir, 'never'), env: 'production' });
    await expect(refused).rejects.toThrow(/refuses to start because NODE_ENV is production/);
    await expect(stat(path.join(stateDir, 'never'))).rejects.toThrow();
  });

  it('makes the certificate once and reuses it; Node trusts it through NODE_EXTRA_CA_CERTS', async () => {
    const first = await withIdp(async (idp) => readFile(idp.directory.certPath, 'utf8'));
    expect(first).toContain('BEGIN CERTIFICATE');
    await withIdp(async (idp) => {
      expect(idp.directory.certPath).toBe(path.join(stateDir, 'cert.pem'));
      expect(await readFile(idp.directory.certPath, 'utf8')).toBe(first);
      const script =
        'const r = await fetch(process.argv[1]); const j = await r.json(); console.log(r.status, j.keys.length);';
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, idp.directory.jwksUri], {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: idp.directory.certPath, NODE_TLS_REJECT_UNAUTHORIZED: '' },
      });
      expect(stdout.trim()).toBe('200 1');
    });
  });

  it('makes the signing key once and reuses it, so tokens outlive a restart', async () => {
    const first = await withIdp(async (idp) => ({
      token: await hostedAccessToken(idp),
      jwks: await publishedKeys(idp),
      issuer: idp.hosted.issuer,
    }));
    await withIdp(async (idp) => {
      const again = await publishedKeys(idp);
      expect(again).toEqual(first.jwks);
      // Ports differ between these two starts (0 = any free port), so the issuer is the first one's.
      const { payload } = await jwtVerify(first.token, createLocalJWKSet(again), {
        issuer: first.issuer,
        audience: idp.hosted.audience,
        algorithms: ['RS256'],
      });
      expect(payload.email).toBe('eleanor.whitfield@acme.example');
    });
  });

  it('rotates: a new current key signs, the old one stays published and old tokens verify', async () => {
    const { token: oldToken, kid: oldKid } = await withIdp(async (idp) => {
      const token = await hostedAccessToken(idp);
      return { token, kid: decodeProtectedHeader(token).kid };
    });
    const rotated = await rotateSigningKey(stateDir);
    expect(rotated.keys).toHaveLength(2);
    expect(rotated.current.kid).not.toBe(oldKid);

    await withIdp(async (idp) => {
      const jwks = await publishedKeys(idp);
      expect(jwks.keys.map((key) => key.kid)).toEqual([rotated.current.kid, oldKid]);
      expect(jwks.keys.every((key) => !('d' in key))).toBe(true);
      const newToken = await hostedAccessToken(idp);
      expect(decodeProtectedHeader(newToken).kid).toBe(rotated.current.kid);
      for (const token of [oldToken, newToken]) {
        await expect(jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['RS256'] })).resolves.toBeTruthy();
      }
    });
  });

  it('lets a benchmark sign tokens with the current key that verify against the published keys', async () => {
    await withIdp(async (idp) => {
      const { current } = await loadSigningKeys(stateDir);
      const token = await new SignJWT({ scope: 'openid profile email', email: 'sam.patel@acme.example' })
        .setProtectedHeader({ alg: 'RS256', kid: current.kid, typ: 'at+jwt' })
        .setIssuer(idp.hosted.issuer)
        .setAudience(idp.hosted.audience)
        .setSubject('auth0|bench')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(current.privateKey);
      const { payload } = await jwtVerify(token, createLocalJWKSet(await publishedKeys(idp)), {
        issuer: idp.hosted.issuer,
        audience: idp.hosted.audience,
        algorithms: ['RS256'],
      });
      expect(payload.sub).toBe('auth0|bench');
    });
  });
});
