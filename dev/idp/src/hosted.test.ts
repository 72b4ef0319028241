import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { hostedUsers, loadUsers } from './users.ts';

const appOrigin = 'http://localhost:3000';
const redirectUri = `${appOrigin}/callback`;
let idp: DevIdp;
let stateDir: string;
let browser: TestBrowser;

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'idp-hosted-'));
  idp = await startDevIdp({ appOrigins: [appOrigin], hostedPort: 0, directoryPort: 0, stateDir, env: 'test' });
});

afterAll(async () => {
  await idp?.close();
  await rm(stateDir, { recursive: true, force: true });
});

function hostedUrl(pathname: string, params: Record<string, string> = {}): string {
  const url = new URL(pathname, idp.hosted.issuer);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** What auth0-spa-js 2.27 sends for loginWithRedirect with useRefreshTokens and an audience. */
function loginParams(challenge: string, extra: Record<string, string> = {}) {
  return {
    client_id: idp.hosted.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: idp.hosted.audience,
    state: randomToken(),
    nonce: randomToken(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    auth0Client: Buffer.from(JSON.stringify({ name: 'auth0-spa-js', version: '2.27.0' })).toString('base64'),
    ...extra,
  };
}

async function tokenRequest(form: Record<string, string>, asJson = false) {
  // fetch from the app's page: an Origin header and no cookies (the provider is another origin).
  const response = await browser.request(hostedUrl('oauth/token'), {
    method: 'POST',
    headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded', origin: appOrigin },
    body: asJson ? JSON.stringify(form) : new URLSearchParams(form).toString(),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function verifyAccessToken(token: unknown) {
  const keys = createLocalJWKSet((await (await browser.request(idp.hosted.jwksUri)).json()) as JSONWebKeySet);
  return jwtVerify(String(token), keys, {
    issuer: idp.hosted.issuer,
    audience: idp.hosted.audience,
    algorithms: ['RS256'],
  });
}

/** A sign-in in `session` (a fresh browser unless given), through the page, then the code exchange. */
async function signIn(person: string, session?: TestBrowser) {
  const pkce = pkcePair();
  const params = loginParams(pkce.challenge);
  const user = session ?? (await TestBrowser.create());
  const { callback, signInPage } = await signInAs(user, {
    authorizeUrl: hostedUrl('authorize', params),
    appOrigin,
    person,
  });
  const result = callbackParams(callback);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  expect(result.get('state')).toBe(params.state);
  const code = result.get('code');
  if (!code) throw new Error(`no code: ${callback.href}`);
  const { response, body } = await tokenRequest({
    grant_type: 'authorization_code',
    client_id: idp.hosted.clientId,
    code,
    redirect_uri: redirectUri,
    code_verifier: pkce.verifier,
  });
  if (!session) await user.close();
  return { response, body, params, signInPage };
}

describe('hosted sign-in service (Auth0-like)', () => {
  beforeAll(async () => {
    browser = await TestBrowser.create();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('publishes Auth0-shaped discovery: issuer with a trailing slash, S256 only', async () => {
    const response = await browser.request(hostedUrl('.well-known/openid-configuration'));
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(idp.hosted.issuer);
    expect(idp.hosted.issuer).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect(idp.hosted.domain).toBe(idp.hosted.issuer.slice(0, -1));
    expect(discovery.authorization_endpoint).toBe(hostedUrl('authorize'));
    expect(discovery.token_endpoint).toBe(hostedUrl('oauth/token'));
    expect(discovery.jwks_uri).toBe(hostedUrl('.well-known/jwks.json'));
    expect(discovery.userinfo_endpoint).toBe(hostedUrl('userinfo'));
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_modes_supported).toContain('web_message');
  });

  it('signs in through its own page and issues RS256 JWTs for the audience, with a refresh token', async () => {
    const fixture = await loadUsers();
    const eleanor = hostedUsers(fixture).find((user) => user.name === 'Eleanor Whitfield');
    const { response, body, params, signInPage } = await signIn('Eleanor Whitfield');

    // The sign-in page lists every hosted person with a role, and is self-contained.
    for (const user of hostedUsers(fixture)) {
      expect(signInPage).toContain(user.name);
      expect(signInPage).toContain(user.email);
    }
    expect(signInPage).toContain('team leader');
    expect(signInPage).toContain('no account');
    expect(signInPage).not.toContain('Pat Globex');
    expect(signInPage).not.toMatch(/https?:\/\/(?!localhost)/);

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(typeof body.refresh_token).toBe('string');

    const { payload, protectedHeader } = await verifyAccessToken(body.access_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: idp.hosted.issuer,
      aud: idp.hosted.audience,
      sub: eleanor?.hostedSubject,
      azp: idp.hosted.clientId,
      client_id: idp.hosted.clientId,
      email: 'eleanor.whitfield@acme.example',
    });
    expect(String(payload.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);

    const idToken = decodeJwt(String(body.id_token));
    expect(idToken).toMatchObject({
      iss: idp.hosted.issuer,
      aud: idp.hosted.clientId,
      sub: eleanor?.hostedSubject,
      email: 'eleanor.whitfield@acme.example',
      email_verified: true,
      name: 'Eleanor Whitfield',
      nonce: params.nonce,
    });
  });

  it('refreshes with the refresh token (no scope sent, like auth0-spa-js) and returns an ID token', async () => {
    const { body } = await signIn('Priya Sharma');
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      client_id: idp.hosted.clientId,
      refresh_token: String(body.refresh_token),
      redirect_uri: redirectUri,
    });
    expect(refreshed.response.status).toBe(200);
    const { payload } = await verifyAccessToken(refreshed.body.access_token);
    expect(payload.email).toBe('priya.sharma@acme.example');
    expect(decodeJwt(String(refreshed.body.id_token)).name).toBe('Priya Sharma');
    expect(typeof refreshed.body.refresh_token).toBe('string');
  });

  it('accepts JSON token requests (auth0-spa-js with useFormData: false)', async () => {
    const { body } = await signIn('Tom Gallagher');
    const refreshed = await tokenRequest(
      { grant_type: 'refresh_token', client_id: idp.hosted.clientId, refresh_token: String(body.refresh_token) },
      true,
    );
    expect(refreshed.response.status).toBe(200);
    expect((await verifyAccessToken(refreshed.body.access_token)).payload.email).toBe('tom.gallagher@acme.example');
  });

  it('signs in silently with prompt=none while the session lasts, also as a web message', async () => {
    const session = await TestBrowser.create();
    await signIn('Aisha Okoye', session);
    const pkce = pkcePair();
    const silent = await session.navigate(
      hostedUrl('authorize', loginParams(pkce.challenge, { prompt: 'none' })),
      appOrigin,
    );
    expect(callbackParams(silent.url).get('code')).toBeTruthy();

    // auth0-spa-js falls back to the bare origin as redirect_uri; only <origin>/callback is registered.
    const unregistered = await session.request(
      hostedUrl(
        'authorize',
        loginParams(pkce.challenge, { prompt: 'none', response_mode: 'web_message', redirect_uri: appOrigin }),
      ),
    );
    expect(unregistered.status).toBe(400);
    const framed = await session.request(
      hostedUrl('authorize', loginParams(pkce.challenge, { prompt: 'none', response_mode: 'web_message' })),
    );
    const html = await framed.text();
    expect(framed.status).toBe(200);
    expect(html).toContain('authorization_response');
    expect(html).toMatch(/"code":"[^"]+"/);
    await session.close();
  });

  it('answers login_required to prompt=none without a session', async () => {
    const stranger = await TestBrowser.create();
    const pkce = pkcePair();
    const silent = await stranger.navigate(
      hostedUrl('authorize', loginParams(pkce.challenge, { prompt: 'none' })),
      appOrigin,
    );
    expect(callbackParams(silent.url).get('error')).toBe('login_required');
    await stranger.close();
  });

  it('refuses authorization requests without PKCE or with the plain method', async () => {
    const pkce = pkcePair();
    const withoutPkce = withoutCodeChallenge(loginParams(pkce.challenge));
    const missing = await browser.navigate(hostedUrl('authorize', withoutPkce), appOrigin);
    expect(callbackParams(missing.url).get('error')).toBe('invalid_request');
    expect(callbackParams(missing.url).get('error_description')).toMatch(/PKCE/);

    const plain = await browser.navigate(
      hostedUrl('authorize', loginParams(pkce.verifier, { code_challenge_method: 'plain' })),
      appOrigin,
    );
    expect(callbackParams(plain.url).get('error')).toBe('invalid_request');
  });

  it('refuses a code exchanged with the wrong verifier', async () => {
    const pkce = pkcePair();
    const session = await TestBrowser.create();
    const { callback } = await signInAs(session, {
      authorizeUrl: hostedUrl('authorize', loginParams(pkce.challenge)),
      appOrigin,
      person: 'Sam Patel',
    });
    await session.close();
    const { response, body } = await tokenRequest({
      grant_type: 'authorization_code',
      client_id: idp.hosted.clientId,
      code: callbackParams(callback).get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: pkcePair().verifier,
    });
    expect(response.status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('returns to the app with access_denied when the person cancels', async () => {
    const stranger = await TestBrowser.create();
    const pkce = pkcePair();
    const first = await stranger.navigate(hostedUrl('authorize', loginParams(pkce.challenge)), appOrigin);
    const done = await stranger.postForm(first.url, { cancel: '1' }, appOrigin);
    expect(callbackParams(done.url).get('error')).toBe('access_denied');
    await stranger.close();
  });

  it('logs out at /v2/logout and returns to a registered origin', async () => {
    const session = await TestBrowser.create();
    try {
      await signIn('Hannah Berg', session);
      const returnTo = `${appOrigin}/`;
      const logout = await session.navigate(
        hostedUrl('v2/logout', { client_id: idp.hosted.clientId, returnTo }),
        appOrigin,
      );
      expect(logout.response?.status).toBe(200);
      const { action, fields } = formOf(await logout.response!.text());
      const done = await session.postForm(new URL(action, idp.hosted.issuer), { ...fields, logout: 'yes' }, appOrigin);
      expect(done.url.href).toBe(returnTo);

      // The session is over: a silent sign-in now needs a login.
      const pkce = pkcePair();
      const silent = await session.navigate(
        hostedUrl('authorize', loginParams(pkce.challenge, { prompt: 'none' })),
        appOrigin,
      );
      expect(callbackParams(silent.url).get('error')).toBe('login_required');
    } finally {
      await session.close();
    }
  });

  it('refuses to return to an origin that is not registered', async () => {
    const logout = await browser.navigate(
      hostedUrl('v2/logout', { client_id: idp.hosted.clientId, returnTo: 'https://evil.example/' }),
      appOrigin,
    );
    expect(logout.response?.status).toBe(400);
    expect(await logout.response?.text()).toContain('post_logout_redirect_uri not registered');
  });
});
