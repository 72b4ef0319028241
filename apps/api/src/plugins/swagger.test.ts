import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import { describeOnOneDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';

describeOnOneDatabase('the API reference', (getDatabase) => {
  const apps: App[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  const appWith = async (config: Partial<Config>) => {
    const app = await createTestApp(getDatabase(), { config });
    apps.push(app);
    return app;
  };

  let on: App;
  let off: App;
  let production: App;
  beforeAll(async () => {
    on = await appWith({ apiDocs: true });
    off = await appWith({ apiDocs: false });
    production = await appWith({ env: 'production', apiDocs: false });
  });

  it('serves the page and its files when API_DOCS is on', async () => {
    expect((await on.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
    const initializer = await on.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    // The page asks nobody on the internet to validate the document.
    expect(initializer.body).toContain('"validatorUrl":null');
  });

  it('has no page when API_DOCS is off, and still serves the JSON document to tools', async () => {
    for (const app of [off, production]) {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-initializer.js']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ detail: expect.stringContaining('No route') });
      }
      const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(document.statusCode).toBe(200);
      expect(document.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'HabiTrack API' } });
      expect(Object.keys(document.json().paths)).toContain('/api/v1/dashboard/');
      expect(document.json().paths['/api/docs/json']).toBeUndefined();
    }
  });
});
