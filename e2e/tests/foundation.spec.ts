// The foundation: `npm start` on a fresh data folder serves health, config, API docs and the SPA.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { laneDataDir } from '../fixtures/lane.ts';

test('the server started on a fresh data folder and created it', () => {
  const dataDir = laneDataDir();
  expect(existsSync(dataDir)).toBe(true);
});

test('/healthz answers ok', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

test('the web app renders in Chromium, with its runtime configuration, and asks to sign in', async ({
  page,
  request,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/config.json') configRequests.push(r.url());
  });

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('HabiTrack');
  // The runtime configuration comes inside index.html, the same as /config.json, so the app needs
  // no request for it.
  const inline = await page.locator('script#habitrack-config[type="application/json"]').textContent();
  expect(JSON.parse(inline ?? 'null')).toEqual(await (await request.get('/config.json')).json());
  await expect(page.getByRole('button', { name: 'Login with HabiTrack Account' })).toBeVisible();
  expect(configRequests).toEqual([]);
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

test('/config.json is JSON', async ({ request }) => {
  const response = await request.get('/config.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const body: unknown = await response.json();
  expect(typeof body).toBe('object');
  expect(body).not.toBeNull();
});

test('/api/docs serves the OpenAPI UI and document', async ({ request }) => {
  const ui = await request.get('/api/docs');
  expect(ui.status()).toBe(200);
  expect(ui.headers()['content-type']).toContain('text/html');

  const document = await request.get('/api/docs/json');
  expect(document.status()).toBe(200);
  const body = (await document.json()) as Record<string, unknown>;
  expect(typeof body.openapi).toBe('string');
  expect(body.paths).toBeTruthy();
});
