import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { TWebConfig } from '@habitrack/contracts/config/get-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';
import { offeringOf, withInlineConfig, withScriptHash } from './spa.ts';

const index = '<!doctype html><html lang="en"><head></head><body><div id="root"><p>Loading</p></div></body></html>';
const loginPage = (locale: string, marker: string) =>
  `<!doctype html><html lang="${locale}"><head></head><body><div id="root"><h1>${marker} ${locale}</h1></div><script>app()</script></body></html>`;
const scriptHash = (locale: string) => `sha256-hash-of-${locale}-script=`;

// A web build with the Login pages of apps/web/prerender-login.mjs: for every set of services but
// `offering`, pages that say so, to show which set is sent.
function webBuild(offering: string, productName = 'HabiTrack') {
  const webDist = mkdtempSync(path.join(tmpdir(), 'habitrack-web-login-'));
  writeFileSync(path.join(webDist, 'index.html'), index);
  mkdirSync(path.join(webDist, '.prerendered'));
  const pages = Object.fromEntries(
    ['azure_ad+auth0', 'azure_ad', 'auth0', 'none'].map((set) => [
      set,
      {
        'en-GB': {
          html: loginPage('en-GB', set === offering ? 'Welcome' : `wrong set ${set}`),
          scriptHash: scriptHash('en-GB'),
        },
        'de-DE': {
          html: loginPage('de-DE', set === offering ? 'Willkommen' : `wrong set ${set}`),
          scriptHash: scriptHash('de-DE'),
        },
        ar: { html: loginPage('ar', set === offering ? 'مرحبا' : `wrong set ${set}`), scriptHash: scriptHash('ar') },
      },
    ]),
  );
  writeFileSync(path.join(webDist, '.prerendered/login.json'), JSON.stringify({ productName, pages }));
  return webDist;
}

describe('withScriptHash', () => {
  it('allows one inline script by its hash, and nothing else more', () => {
    expect(withScriptHash("default-src 'self';script-src 'self';script-src-attr 'none'", 'sha256-abc=')).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc=';script-src-attr 'none'",
    );
    expect(withScriptHash("script-src 'self'; object-src 'none'", 'sha256-abc=')).toBe(
      "script-src 'self' 'sha256-abc='; object-src 'none'",
    );
  });
});

describe('offeringOf', () => {
  const config = (azure: boolean, auth0: boolean) =>
    ({
      productName: 'HabiTrack',
      devTools: false,
      auth: {
        azure: azure ? { clientId: 'c', authority: 'a', knownAuthorities: [], apiScope: 's' } : null,
        auth0: auth0 ? { domain: 'd', clientId: 'c', audience: 'a' } : null,
      },
    }) satisfies TWebConfig;

  it('names the sign-in services a deployment offers as the build names its pages', () => {
    expect(offeringOf(config(true, true))).toBe('azure_ad+auth0');
    expect(offeringOf(config(true, false))).toBe('azure_ad');
    expect(offeringOf(config(false, true))).toBe('auth0');
    expect(offeringOf(config(false, false))).toBe('none');
  });
});

describe('the Login page with its screen in the HTML', () => {
  let app: App;
  let config: TWebConfig;

  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    // The test configuration's services, read from the app itself.
    const probe = await createTestApp(database, { config: { webDist: webBuild('none') } });
    config = (await probe.inject({ method: 'GET', url: '/config.json' })).json();
    await probe.close();
    app = await createTestApp(database, { config: { webDist: webBuild(offeringOf(config)) } });
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends /login in the visitor's language, for this deployment's services, with the runtime config", async () => {
    const cases: [string | undefined, string][] = [
      ['de-DE,de;q=0.9,en;q=0.8', 'Willkommen de-DE'],
      ['de', 'Willkommen de-DE'],
      ['ar-EG, de;q=0.5', 'مرحبا ar'],
      ['en-AU', 'Welcome en-GB'],
      [undefined, 'Welcome en-GB'],
      ['xx-YY, *', 'Welcome en-GB'],
    ];
    for (const [acceptLanguage, title] of cases) {
      const page = await app.inject({
        method: 'GET',
        url: '/login?from=mail',
        headers: { 'accept-encoding': 'br', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      });
      expect(page.statusCode, acceptLanguage).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['vary']).toBe('accept-encoding, accept-language');
      const html = brotliDecompressSync(page.rawPayload).toString();
      expect(html, acceptLanguage).toContain(`<h1>${title}</h1>`);
      const locale = title.split(' ').at(-1)!;
      expect(html).toBe(withInlineConfig(loginPage(locale, title.split(' ')[0]!), config));
      // Its inline script, and no other, is allowed by its hash.
      const policy = page.headers['content-security-policy'] as string;
      expect(policy).toContain(`script-src 'self' '${scriptHash(locale)}';`);
      expect(policy).toContain("script-src-attr 'none'");
    }
  });

  it('sends the plain index.html for a language the build has no page in', async () => {
    const page = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'fr-CH' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(withInlineConfig(index, config));
  });

  it('sends every other address the plain index.html, and the pages never as a file', async () => {
    const other = await app.inject({
      method: 'GET',
      url: '/programme/dashboard',
      headers: { 'accept-language': 'de-DE' },
    });
    expect(other.body).toBe(withInlineConfig(index, config));
    expect(other.headers['vary']).toBe('accept-encoding');
    expect(other.headers['content-security-policy']).toContain("script-src 'self';");
    const file = await app.inject({ method: 'GET', url: '/.prerendered/login.json' });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('Willkommen');
  });

  it('sends the plain index.html when the pages were rendered for another product name', async () => {
    const renamed = await createTestApp(await createTestDatabase('pglite'), {
      config: { webDist: webBuild(offeringOf(config), 'Another product') },
    });
    try {
      const page = await renamed.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'de-DE' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(withInlineConfig(index, config));
    } finally {
      await renamed.close();
    }
  });
});
