// The Login page comes with its screen in the HTML the server sends (apps/web/prerender-login.mjs,
// apps/api/src/plugins/spa.ts): painted, styled and in the visitor's language before any script has
// run, and then replaced by the live screen with nothing changing on it.
import { expect, test } from '@playwright/test';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false, locale: 'de-DE' });

  test('the Login screen is there, styled, in the browser’s language', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen bei HabiTrack' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mit Firmenkonto anmelden' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de-DE');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    // Styled by the rules inlined in the page (the full sheet is not applied yet): Mantine's title
    // size and the theme's dimmed text, not the browser's defaults.
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveCSS('font-size', '34px');
    await expect(page.getByText('Melden Sie sich an', { exact: false })).toHaveCSS('color', 'rgb(73, 80, 87)');
    await expect(page.locator('link[data-deferred-style]')).toHaveAttribute('media', 'print');
    // The other addresses still wait for the app.
    await page.goto('/programme/dashboard');
    await expect(page.getByRole('status')).toHaveText('Loading HabiTrack...');
  });
});

test('the app takes the Login screen over without a change on screen', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // The app's entry is held back until the page as the server sent it has been measured.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const title = page.getByRole('heading', { level: 1, name: 'Welcome to HabiTrack' });
  await expect(title).toBeVisible();
  const corporate = page.getByRole('button', { name: 'Login with Corporate Account' });
  const before = { title: await title.boundingBox(), button: await corporate.boundingBox() };
  release();
  // Once the app has run: the full sheet applies to every medium, the screen is where it was, and
  // the language menu is live.
  await expect(page.locator('link[rel="stylesheet"][media="all"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect
    .poll(async () => ({ title: await title.boundingBox(), button: await corporate.boundingBox() }))
    .toEqual(before);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr-FR');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue sur HabiTrack' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en-GB');
  await expect(title).toBeVisible();
  await expectScreenPasses(page, 'the Login screen, taken over by the app');
  expect(errors).toEqual([]);
});
