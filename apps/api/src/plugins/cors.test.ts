import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createTestApp } from '../test/test-app.ts';

const preflight = (app: App, origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/v1/habits',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('CORS', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await createTestApp(database, { config: { corsOrigins: ['https://app.example', 'https://admin.example'] } });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('answers the preflight of an allowed origin', async () => {
    const response = await preflight(app, 'https://admin.example');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(response.headers['vary']).toContain('Origin');
  });

  it('names an allowed origin on the actual answer too', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://app.example' } });
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('gives a disallowed origin no Access-Control-Allow-Origin', async () => {
    const response = await preflight(app, 'https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const actual = await app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(actual.statusCode).toBe(200);
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows only PUBLIC_URL by default', async () => {
    const defaults = await createTestApp(database);
    try {
      expect((await preflight(defaults, 'http://localhost:3000')).headers['access-control-allow-origin']).toBe(
        'http://localhost:3000',
      );
      expect(
        (await preflight(defaults, 'http://localhost:5173')).headers['access-control-allow-origin'],
      ).toBeUndefined();
    } finally {
      await defaults.close();
    }
  });
});
