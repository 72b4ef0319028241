import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untrustedTenantId } from './people-fixture.ts';
import { startDevIdp, type DevIdp } from './start-idp.ts';
import {
  TestBrowser,
  callbackParams,
  formOf,
  pkcePair,
  randomToken,
  signInAs,
  withoutCodeChallenge,
} from './test-browser.ts';
import { directoryUsers, loadUsers } from './users.ts';

const appOrigin = 'http://localhost:3000';
const redirectUri = `${appOrigin}/callback`;
let idp: DevIdp;
let stateDir: string;
let browser: TestBrowser;
let discovery: Record<string, string>;

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'idp-directory-'));
  idp = await startDevIdp({ appOrigins: [appOrigin], hostedPort: 0, directoryPort: 0, stateDir, env: 'test' });
  browser = await TestBrowser.create(idp.directory.certPath);
  const response = await browser.request(`${idp.directory.authority}/v2.0/.well-known/openid-configuration`);
  discovery = (await response.json()) as Record<string, string>;
});

afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await rm(stateDir, { recursive: true, force: true });
});

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** What MSAL browser 4 (AAD protocol mode) sends for loginRedirect / acquireTokenRedirect. */
function authorizeParams(challenge: string, scope: string, extra: Record<string, string> = {}) {
  return {
    client_id: idp.directory.clientId,
    scope,
    redirect_uri: redirectUri,
    'client-request-id': crypto.randomUUID(),
    response_mode: 'fragment',
    response_type: 'code',
    'x-client-SKU': 'msal.js.browser',
    'x-client-VER': '4.30.0',
    client_info: '1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    nonce: randomToken(),
    state: randomToken(),
    prompt: 'select_account',
    ...extra,
  };
}

async function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await browser.request(
    withQuery(discovery.token_endpoint ?? '', { 'client-request-id': crypto.randomUUID() }),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', origin: appOrigin, ...headers },
      body: new URLSearchParams(form).toString(),
    },
  );
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function jwks() {
  const response = await browser.request(idp.directory.jwksUri);
  return createLocalJWKSet((await response.json()) as JSONWebKeySet);
}

async function signIn(person: string, options: { scope?: string; session?: TestBrowser } = {}) {
  const scope = options.scope ?? `${idp.directory.apiScope} openid profile offline_access`;
  const pkce = pkcePair();
  const params = authorizeParams(pkce.challenge, scope);
  const session = options.session ?? (await TestBrowser.create(idp.directory.certPath));
  const { callback, signInPage } = await signInAs(session, {
    authorizeUrl: withQuery(discovery.authorization_endpoint ?? '', params),
    appOrigin,
    person,
  });
  if (!options.session) await session.close();
  const result = callbackParams(callback);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(result.get('state')).toBe(params.state);
  const { response, body } = await tokenRequest({
    client_id: idp.directory.clientId,
    redirect_uri: redirectUri,
    scope,
    code: result.get('code') ?? '',
    code_verifier: pkce.verifier,
    grant_type: 'authorization_code',
    client_info: '1',
    'x-client-SKU': 'msal.js.browser',
  });
  return { response, body, params, signInPage };
}

function tenantIssuer(tenantId: string): string {
  return idp.directory.issuer.replace('{tenantid}', tenantId);
}

describe('directory provider (Azure-AD-like)', () => {
  it('serves Azure discovery for the organizations authority over https', async () => {
    expect(idp.directory.authority).toMatch(/^https:\/\/localhost:\d+\/organizations$/);
    expect(idp.directory.knownAuthority).toBe(new URL(idp.directory.authority).host);
    expect(discovery.issuer).toBe(`${new URL(idp.directory.authority).origin}/{tenantid}/v2.0`);
    expect(discovery.authorization_endpoint).toBe(`${idp.directory.authority}/oauth2/v2.0/authorize`);
    expect(discovery.token_endpoint).toBe(`${idp.directory.authority}/oauth2/v2.0/token`);
    expect(discovery.end_session_endpoint).toBe(`${idp.directory.authority}/oauth2/v2.0/logout`);
    expect(discovery.jwks_uri).toBe(idp.directory.jwksUri);

    // A tenant's own authority finds the same document (the `<port>/<tid>` form,
    // docs/operations/dev-identity-provider.md#endpoints).
    const tenant = await browser.request(
      `${new URL(idp.directory.authority).origin}/${idp.directory.trustedTenantId}/v2.0/.well-known/openid-configuration`,
    );
    expect(((await tenant.json()) as Record<string, string>).token_endpoint).toBe(discovery.token_endpoint);
  });

  it('signs in through its own page and issues Azure-shaped tokens with client_info', async () => {
    const fixture = await loadUsers();
    const marcus = directoryUsers(fixture).find((user) => user.name === 'Marcus Chen');
    const { response, body, params, signInPage } = await signIn('Marcus Chen');

    for (const user of directoryUsers(fixture)) {
      expect(signInPage).toContain(user.name);
      expect(signInPage).toContain(user.email);
    }
    expect(signInPage).toContain('untrusted tenant');
    expect(signInPage).toContain('newcomer@acme.example');
    expect(signInPage).not.toContain('someone@example.net');

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600 });
    expect(String(body.scope).split(' ')).toContain(idp.directory.apiScope);
    expect(typeof body.refresh_token).toBe('string');
    expect(JSON.parse(Buffer.from(String(body.client_info), 'base64url').toString())).toEqual({
      uid: marcus?.directoryOid,
      utid: idp.directory.trustedTenantId,
    });

    const { payload, protectedHeader } = await jwtVerify(String(body.access_token), await jwks(), {
      issuer: idp.directory.trustedIssuer,
      audience: idp.directory.apiAudience,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: `${new URL(idp.directory.authority).origin}/${idp.directory.trustedTenantId}/v2.0`,
      aud: idp.directory.apiAudience,
      tid: idp.directory.trustedTenantId,
      oid: marcus?.directoryOid,
      sub: marcus?.directoryOid,
      scp: 'access_as_user',
      azp: idp.directory.clientId,
      preferred_username: 'marcus.chen@acme.example',
      email: 'marcus.chen@acme.example',
      name: 'Marcus Chen',
      ver: '2.0',
    });
    expect(payload.scope).toBeUndefined();

    const idToken = await jwtVerify(String(body.id_token), await jwks(), {
      issuer: idp.directory.trustedIssuer,
      audience: idp.directory.clientId,
      algorithms: ['RS256'],
    });
    expect(idToken.payload).toMatchObject({
      tid: idp.directory.trustedTenantId,
      oid: marcus?.directoryOid,
      preferred_username: 'marcus.chen@acme.example',
      name: 'Marcus Chen',
      nonce: params.nonce,
    });
  });

  it('refreshes with offline_access re-sent, as MSAL does', async () => {
    const { body } = await signIn('Lucas Martin');
    const home = JSON.parse(Buffer.from(String(body.client_info), 'base64url').toString()) as {
      uid: string;
      utid: string;
    };
    const refreshed = await tokenRequest(
      {
        client_id: idp.directory.clientId,
        redirect_uri: redirectUri,
        scope: `${idp.directory.apiScope} openid profile offline_access`,
        grant_type: 'refresh_token',
        client_info: '1',
        refresh_token: String(body.refresh_token),
      },
      { 'X-AnchorMailbox': `Oid:${home.uid}@${home.utid}` },
    );
    expect(refreshed.response.status).toBe(200);
    const { payload } = await jwtVerify(String(refreshed.body.access_token), await jwks(), {
      issuer: idp.directory.trustedIssuer,
      audience: idp.directory.apiAudience,
    });
    expect(payload.email).toBe('lucas.martin@acme.example');
    expect(typeof refreshed.body.client_info).toBe('string');
    expect(decodeJwt(String(refreshed.body.id_token)).tid).toBe(idp.directory.trustedTenantId);
  });

  it('lets a sign-in with only openid profile email refresh into an API token later', async () => {
    const { body } = await signIn('Sam Patel', { scope: 'openid profile email' });
    const refreshed = await tokenRequest({
      client_id: idp.directory.clientId,
      scope: `${idp.directory.apiScope} openid profile offline_access`,
      grant_type: 'refresh_token',
      refresh_token: String(body.refresh_token),
    });
    expect(refreshed.response.status).toBe(200);
    const { payload } = await jwtVerify(String(refreshed.body.access_token), await jwks(), {
      issuer: idp.directory.trustedIssuer,
      audience: idp.directory.apiAudience,
    });
    expect(payload.scp).toBe('access_as_user');
  });

  it("signs users of another tenant with that tenant's issuer", async () => {
    const { body } = await signIn('Pat Globex');
    const { payload } = await jwtVerify(String(body.access_token), await jwks(), {
      issuer: tenantIssuer(untrustedTenantId),
      audience: idp.directory.apiAudience,
    });
    expect(payload.tid).toBe(untrustedTenantId);
    expect(payload.tid).not.toBe(idp.directory.trustedTenantId);
  });

  it('signs in silently with prompt=none while the session lasts', async () => {
    const session = await TestBrowser.create(idp.directory.certPath);
    await signIn('Hannah Berg', { session });
    // The session cookie works inside the app's iframe: https provider, http app = cross-site.
    expect(session.rawSetCookies.find((cookie) => cookie.startsWith('_session='))).toMatch(/samesite=none/i);
    expect(session.rawSetCookies.find((cookie) => cookie.startsWith('_session='))).toMatch(/secure/i);
    const pkce = pkcePair();
    const silent = await session.navigate(
      withQuery(
        discovery.authorization_endpoint ?? '',
        authorizeParams(pkce.challenge, 'openid profile offline_access', { prompt: 'none' }),
      ),
      appOrigin,
    );
    expect(callbackParams(silent.url).get('code')).toBeTruthy();
    await session.close();
  });

  it('refuses authorization requests without PKCE or with the plain method', async () => {
    const pkce = pkcePair();
    const scope = 'openid profile';
    const withoutPkce = withoutCodeChallenge(authorizeParams(pkce.challenge, scope));
    const missing = await browser.navigate(withQuery(discovery.authorization_endpoint ?? '', withoutPkce), appOrigin);
    expect(callbackParams(missing.url).get('error')).toBe('invalid_request');
    const plain = await browser.navigate(
      withQuery(
        discovery.authorization_endpoint ?? '',
        authorizeParams(pkce.verifier, scope, { code_challenge_method: 'plain' }),
      ),
      appOrigin,
    );
    expect(callbackParams(plain.url).get('error')).toBe('invalid_request');
  });

  it('logs out with post_logout_redirect_uri and no client_id, as MSAL does', async () => {
    const session = await TestBrowser.create(idp.directory.certPath);
    await signIn('Tom Gallagher', { session });
    const logout = await session.navigate(
      withQuery(discovery.end_session_endpoint ?? '', {
        post_logout_redirect_uri: `${appOrigin}/`,
        'client-request-id': crypto.randomUUID(),
      }),
      appOrigin,
    );
    expect(logout.response?.status).toBe(200);
    const { action, fields } = formOf(await logout.response!.text());
    const done = await session.postForm(
      new URL(action, discovery.issuer?.replace('{tenantid}/v2.0', '')),
      { ...fields, logout: 'yes' },
      appOrigin,
    );
    expect(done.url.href).toBe(`${appOrigin}/`);
    await session.close();
  });
});
