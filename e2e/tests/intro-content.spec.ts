// A script in programme content never runs: the server sanitises intro HTML when it is imported
// and again when it is served, and if hostile markup still reached the page the Content Security
// Policy (no inline script, no script attributes) and React's innerHTML (script tags inert) stop it.
// Here the server's answer is replaced on the way to the browser, so only the browser's defences
// are left to hold.
import { expect, test } from '@playwright/test';
import { signInAs } from '../fixtures/sign-in.ts';

const HOSTILE_INTRO =
  '<p>Welcome to the programme</p>' +
  '<script>window.__pwned = "script"</script>' +
  '<img src="data:," onerror="window.__pwned = \'onerror\'" alt="">' +
  '<svg><script>window.__pwned = "svg"</script></svg>';

test('hostile intro content renders as text and runs nothing', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.route('**/api/v1/programmes/current', async (route) => {
    const response = await route.fetch();
    const programme = await response.json();
    await route.fulfill({ response, json: { ...programme, intro_content: HOSTILE_INTRO } });
  });

  await signInAs(page, { email: 'hannah.berg@acme.example', name: 'Hannah Berg', path: '/programme/intro' });
  await expect(page.getByText('Welcome to the programme')).toBeVisible();
  // Give any handler that slipped through every chance to run.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (globalThis as { __pwned?: string }).__pwned)).toBeUndefined();
  // The inline event handler was there to run and the policy refused it.
  expect(violations.length).toBeGreaterThan(0);
});
