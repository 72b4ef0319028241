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
  // The page shows its heading once Swagger UI has read the whole document and laid out every
  // operation. This spec opens its lane, while the other lane's browser and both servers start: on
  // a machine running at half its usual speed that took more than 10 s (the document had arrived 3 s
  // after the page, the heading was there just after the 10 s ran out; CI of 2026-11-29), so it gets
  // the time limit of a page's first load, not of a check on a loaded page.
  await expect(page.getByRole('heading', { name: /HabiTrack API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/v1/dashboard/' }).first()).toBeVisible();
  expect(violations, 'CSP violations reported by Chromium').toEqual([]);
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});
