import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { AuthConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';
import { testAuth } from '../test/tokens.ts';
import { signInOrigins } from './security-headers.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'habitrack-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>HabiTrack</title><div id="root"></div>');

function directives(header: string | string[] | number | undefined): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')]),
  );
}

describe('security headers', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await createTestApp(database, { config: { webDist } });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('gives the web app a strict policy that still lets both sign-in providers work', async () => {
    const page = await app.inject({ method: 'GET', url: '/programme/dashboard' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self' https://hosted.test https://login.test",
      'frame-src': "'self' https://hosted.test https://login.test",
      'frame-ancestors': "'self'",
      'form-action': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
    });
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'x-frame-options': 'SAMEORIGIN',
    });
    // Not in production: HSTS would pin local browsers to https.
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers on API answers, health checks and errors', async () => {
    for (const url of ['/healthz', '/config.json', '/api/v1/auth/me', '/api/v1/nope', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(directives(response.headers['content-security-policy']).get('script-src'), url).toBe("'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves the API reference page with scripts from files only, and relaxes only its styles', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // no inline script to allow
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(docs.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    // A look-alike path outside the prefix keeps the strict policy.
    const lookalike = await app.inject({ method: 'GET', url: '/api/docsx' });
    expect(directives(lookalike.headers['content-security-policy']).get('script-src')).toBe("'self'");
  });

  it('adds HSTS in production only', async () => {
    const production = await createTestApp(database, { config: { env: 'production', webDist } });
    try {
      const page = await production.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await production.close();
    }
  });
});

describe('signInOrigins', () => {
  it('takes the origins the browser talks to from the sign-in settings', () => {
    const auth: AuthConfig = {
      auth0: { ...testAuth.auth0!, domain: 'acme.eu.auth0.com', issuer: 'https://login.acme.example/' },
      azure: {
        ...testAuth.azure!,
        authority: 'https://login.microsoftonline.com/organizations',
        knownAuthorities: ['acme.b2clogin.com'],
      },
    };
    expect(signInOrigins(auth)).toEqual([
      'https://acme.eu.auth0.com',
      'https://login.acme.example',
      'https://login.microsoftonline.com',
      'https://acme.b2clogin.com',
    ]);
  });

  it('keeps the scheme and port of the development provider', () => {
    const auth: AuthConfig = {
      auth0: { ...testAuth.auth0!, domain: 'http://localhost:3001', issuer: 'http://localhost:3001/' },
      azure: {
        ...testAuth.azure!,
        authority: 'https://localhost:3002/organizations',
        knownAuthorities: ['localhost:3002'],
      },
    };
    expect(signInOrigins(auth)).toEqual(['http://localhost:3001', 'https://localhost:3002']);
    expect(signInOrigins({ auth0: null, azure: null })).toEqual([]);
  });
});
