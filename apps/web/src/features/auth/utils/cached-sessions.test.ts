import { describe, expect, it } from 'vitest';
import { createWebConfig } from '../../../test/web-config.ts';
import { hasDirectoryAccount, hasHostedToken, holdsSessionOf, hostedTokenCacheKeys } from './cached-sessions.ts';

const { auth0, azure } = createWebConfig().auth;
const entry = JSON.stringify({ body: { access_token: 'x', client_id: 'habitrack-web' }, expiresAt: 1 });

describe('hasHostedToken', () => {
  it('finds the entry auth0-spa-js writes with refresh tokens on', () => {
    localStorage.setItem(
      '@@auth0spajs@@::habitrack-web::https://api.habitrack.local::openid profile email offline_access',
      entry,
    );
    expect(hasHostedToken(auth0)).toBe(true);
  });

  it('finds the entry for the plain configured scope', () => {
    localStorage.setItem('@@auth0spajs@@::habitrack-web::https://api.habitrack.local::openid profile email', entry);
    expect(hasHostedToken(auth0)).toBe(true);
  });

  it('ignores the ID token entry, other clients, other audiences and damaged entries', () => {
    localStorage.setItem('@@auth0spajs@@::habitrack-web::@@user@@', entry);
    localStorage.setItem('@@auth0spajs@@::other-client::https://api.habitrack.local::openid profile email', entry);
    localStorage.setItem('@@auth0spajs@@::habitrack-web::https://other.example::openid profile email', entry);
    const [key] = hostedTokenCacheKeys({ clientId: 'habitrack-web', audience: 'https://api.habitrack.local' });
    localStorage.setItem(key!, '{not json');
    expect(hasHostedToken(auth0)).toBe(false);
  });

  it('is false when the deployment has no hosted service', () => {
    localStorage.setItem(hostedTokenCacheKeys(auth0!)[0]!, entry);
    expect(hasHostedToken(null)).toBe(false);
  });
});

describe('hasDirectoryAccount', () => {
  it("finds MSAL 4's account key list", () => {
    localStorage.setItem('msal.2.account.keys', JSON.stringify(['oid.tid-login.windows.net-tid']));
    expect(hasDirectoryAccount(azure)).toBe(true);
  });

  it('finds a list left by an older MSAL schema', () => {
    localStorage.setItem('msal.account.keys', JSON.stringify(['home-env-realm']));
    expect(hasDirectoryAccount(azure)).toBe(true);
  });

  it('is false for an empty or damaged list, or without a directory provider', () => {
    localStorage.setItem('msal.2.account.keys', '[]');
    localStorage.setItem('msal.1.account.keys', '{oops');
    expect(hasDirectoryAccount(azure)).toBe(false);
    localStorage.setItem('msal.2.account.keys', JSON.stringify(['k']));
    expect(hasDirectoryAccount(null)).toBe(false);
  });
});

describe('holdsSessionOf', () => {
  const config = { auth0, azure };
  const userEntry = (sub: string) => JSON.stringify({ id_token: 'x', decodedToken: { user: { sub } } });

  it('is true only for the subject of the hosted SDK’s cached user, with a cached token', () => {
    localStorage.setItem('@@auth0spajs@@::habitrack-web::@@user@@', userEntry('auth0|priya'));
    expect(holdsSessionOf('auth0', config, 'auth0|priya')).toBe(false);

    localStorage.setItem(
      hostedTokenCacheKeys({ clientId: 'habitrack-web', audience: 'https://api.habitrack.local' })[0]!,
      entry,
    );
    expect(holdsSessionOf('auth0', config, 'auth0|priya')).toBe(true);
    expect(holdsSessionOf('auth0', config, 'auth0|bob')).toBe(false);
    expect(holdsSessionOf('auth0', config, '')).toBe(false);
    expect(holdsSessionOf('azure_ad', config, 'auth0|priya')).toBe(false);
  });

  it('ignores a damaged hosted user entry', () => {
    localStorage.setItem(
      hostedTokenCacheKeys({ clientId: 'habitrack-web', audience: 'https://api.habitrack.local' })[0]!,
      entry,
    );
    localStorage.setItem('@@auth0spajs@@::habitrack-web::@@user@@', '{not json');
    expect(holdsSessionOf('auth0', config, 'auth0|priya')).toBe(false);
  });

  it('finds a directory account by its object id, the first part of its home account id', () => {
    localStorage.setItem(
      'msal.2.account.keys',
      JSON.stringify([
        '5f3a2b1c-0000-4000-8000-000000000001.9188040d-6c67-4c5b-b112-36a304b66dad-login.windows.net-9188040d',
      ]),
    );
    expect(holdsSessionOf('azure_ad', config, '5f3a2b1c-0000-4000-8000-000000000001')).toBe(true);
    expect(holdsSessionOf('azure_ad', config, '5f3a2b1c-0000-4000-8000-000000000002')).toBe(false);
    expect(holdsSessionOf('azure_ad', { auth0, azure: null }, '5f3a2b1c-0000-4000-8000-000000000001')).toBe(false);
  });
});
