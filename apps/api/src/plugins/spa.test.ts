import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';
import { preferredEncoding } from './spa.ts';

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

describe('serving the built web app', () => {
  let app: App;
  const webDist = mkdtempSync(path.join(tmpdir(), 'habitrack-web-'));
  writeFileSync(path.join(webDist, 'index.html'), html);
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), gzipSync(script));

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
    for (const url of ['/', '/programme/dashboard?refresh=1']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    }
    const plain = await app.inject({ method: 'GET', url: '/programme/cohort' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('revalidates files outside the hashed assets', async () => {
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
