import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';
import { CONFIG_ELEMENT_ID, preferredEncoding, withInlineConfig } from './spa.ts';

const html = `<!doctype html><title>HabiTrack</title><div id="root">${'<p>shell</p>'.repeat(50)}</div>`;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('withInlineConfig', () => {
  const config = {
    productName: 'HabiTrack</script><script>alert(1)</script>',
    devTools: false,
    auth: { auth0: null, azure: null },
  };

  it('puts the config where the build preloads /config.json, escaped so it cannot end the element', () => {
    const page =
      '<head><link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" /></head><body></body>';
    const served = withInlineConfig(page, config);
    expect(served).not.toContain('href="/config.json"');
    expect(served.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/json" id="habitrack-config">(.*)<\/script><\/head>/.exec(served)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual(config);
  });

  it('adds it to the head when there is no preload', () => {
    expect(withInlineConfig('<head></head>', { ...config, productName: 'HabiTrack' })).toBe(
      '<head><script type="application/json" id="habitrack-config">{"productName":"HabiTrack","devTools":false,"auth":{"auth0":null,"azure":null}}</script></head>',
    );
  });
});

describe('serving the built web app', () => {
  let app: App;
  const webDist = mkdtempSync(path.join(tmpdir(), 'habitrack-web-'));
  writeFileSync(path.join(webDist, 'index.html'), html);
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(webDist, 'assets/cohort-def456.js'), script);

  beforeAll(async () => {
    app = await createTestApp(await createTestDatabase('pglite'), { config: { webDist } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends the precompressed copy of a hashed asset, cached for a year', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed and never cached without revalidation, for every client route', async () => {
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    const served = withInlineConfig(html, config);
    for (const url of ['/', '/programme/dashboard?refresh=1']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(served);
    }
    const plain = await app.inject({ method: 'GET', url: '/programme/cohort' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(served);
  });

  it('carries the runtime config of /config.json in index.html, as a JSON data block', async () => {
    const config = (await app.inject({ method: 'GET', url: '/config.json' })).json();
    const page = await app.inject({ method: 'GET', url: '/programme/dashboard' });
    const block = new RegExp(`<script type="application/json" id="${CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(
      page.body,
    );
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(config);
  });

  // A tab holding the previous build asks for its chunks after a new build replaced them: a 404
  // makes its dynamic import fail, which the web app answers with a reload (lib/stale-build.ts).
  // index.html there would be a wrong module (a MIME type error at best).
  it('answers 404, never index.html, for an asset the build does not have', async () => {
    for (const url of ['/assets/cohort-old999.js', '/assets/cohort-old999.css', '/assets/cohort-old999.js?v=1']) {
      const missing = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br', accept: '*/*' },
      });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toContain('application/json');
      expect(missing.headers['cache-control'], url).toBe('no-store');
      expect(missing.body, url).not.toContain('<title>HabiTrack</title>');
    }
  });

  it('answers 404 for an asset removed since the server started', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/cohort-def456.js' })).statusCode).toBe(200);
    rmSync(path.join(webDist, 'assets/cohort-def456.js'));

    const gone = await app.inject({
      method: 'GET',
      url: '/assets/cohort-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/json');
    expect(gone.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('revalidates files outside the hashed assets', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
