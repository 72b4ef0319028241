import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { describeEachDatabase } from './test/each-database.ts';
import { createTestApp } from './test/test-app.ts';

describeEachDatabase('HTTP app', (getDatabase) => {
  let app: App;
  const webDist = mkdtempSync(path.join(tmpdir(), 'habitrack-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>HabiTrack</title><div id="root"></div>');

  beforeAll(async () => {
    app = await createTestApp(getDatabase(), { config: { webDist } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports health with a real database round trip', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: getDatabase().kind });
  });

  it('serves the runtime configuration for the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ productName: 'HabiTrack', devTools: true });
  });

  it('describes itself as OpenAPI at /api/docs', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/healthz'].get.responses['200']).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('serves the SPA for client routes and JSON 404s for unknown API paths', async () => {
    const page = await app.inject({ method: 'GET', url: '/programme/dashboard?refresh=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>HabiTrack</title>');
    const api = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'No route for GET /api/v1/does-not-exist' });
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
  });
});

describe('HTTP app without a built web app', () => {
  it('still serves the API', async () => {
    const { createTestDatabase } = await import('./test/databases.ts');
    const database = await createTestDatabase('pglite');
    const app = await createTestApp(database, { config: { webDist: path.join(tmpdir(), 'habitrack-no-such-dir') } });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/programme/intro' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
