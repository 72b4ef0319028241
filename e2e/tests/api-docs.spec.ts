// The API reference page (`/api/docs`, on in the local demo) works in Chromium under its strict
// policy: scripts from files only, so the browser reports no refused script or style.
import { expect, test } from '@playwright/test';

test('the API reference renders every operation with no Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const response = await page.goto('/api/docs/');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByRole('heading', { name: /HabiTrack API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/v1/dashboard/' }).first()).toBeVisible();
  expect(violations, 'CSP violations reported by Chromium').toEqual([]);
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});
