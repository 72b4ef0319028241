// Sign-in through the login screen with both providers (real SDKs against dev/idp, the real API),
// staying signed in across a reload, logging out, and the account-problem screens of the 401 cases
// (docs/operations/dev-identity-provider.md "People you can sign in as").
// Prints the median time from the click on a login button to the first signed-in page.
import { expect, test, type Page } from '@playwright/test';
import {
  expectLoginScreen,
  LOGIN_BUTTON,
  median,
  readInEnglish,
  signInFromLoginScreen,
  welcomed,
  type Provider,
  type SignInTiming,
} from '../fixtures/sign-in.ts';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { pageTiming, recordLargestPaints } from '../fixtures/page-timing.ts';

const timings: Array<SignInTiming & { provider: Provider }> = [];

function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const { provider, person, name } of [
  { provider: 'hosted', person: 'priya.sharma@acme.example', name: 'Priya Sharma' },
  { provider: 'directory', person: 'eleanor.whitfield@acme.example', name: 'Eleanor Whitfield' },
] as const) {
  test(`${provider}: sign in, return to the page wanted, stay signed in on reload, log out`, async ({ page }) => {
    const pageErrors = collectPageErrors(page);
    await page.goto('/programme/cohort');
    await expectLoginScreen(page);
    await expectScreenPasses(page, 'the Login screen');

    // The API must accept the token and know the person, not merely let the page through.
    const me = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/me'));
    const timing = await signInFromLoginScreen(page, { provider, person, until: welcomed(name) });
    timings.push({ provider, ...timing });
    expect((await me).status()).toBe(200);
    await expect(page).toHaveURL(/\/programme\/cohort$/);
    await expect(heading(page, 'Cohort')).toBeVisible();
    await expect(page.getByText('HabiTrack', { exact: true })).toBeVisible();
    await expect(page.getByText('Leadership Excellence Programme')).toBeVisible();

    await page.reload();
    await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
    await expect(heading(page, 'Cohort')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectLoginScreen(page);
    await expect(page.getByText(`Welcome, ${name}`)).toHaveCount(0);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });
}

// More sign-ins (each in a fresh browser context) so the timing median has a few runs per provider.
for (const { provider, person, name } of [
  { provider: 'hosted', person: 'tom.gallagher@acme.example', name: 'Tom Gallagher' },
  { provider: 'directory', person: 'aisha.okoye@acme.example', name: 'Aisha Okoye' },
  { provider: 'hosted', person: 'hannah.berg@acme.example', name: 'Hannah Berg' },
  { provider: 'directory', person: 'lucas.martin@acme.example', name: 'Lucas Martin' },
] as const) {
  test(`${provider}: ${name} signs in from the start page`, async ({ page }) => {
    await page.goto('/');
    // Hannah Berg and Lucas Martin read German and French from the people file: this checks English.
    await readInEnglish(page);
    await expectLoginScreen(page);
    const timing = await signInFromLoginScreen(page, { provider, person, until: welcomed(name) });
    timings.push({ provider, ...timing });
    await expect(page).toHaveURL(/\/programme\/(intro|dashboard)$|\/$/);
  });
}

// Two demo members have another language from the people file and never chose one: signed in from
// a British English browser, each reads HabiTrack in theirs (docs/domain/locales.md).
for (const { person, welcome, lang, dir } of [
  { person: 'mei.tanaka@acme.example', welcome: 'Mei Tanaka さん、こんにちは', lang: 'ja-JP', dir: 'ltr' },
  { person: 'fatima.haddad@acme.example', welcome: 'مرحبًا، Fatima Haddad', lang: 'ar', dir: 'rtl' },
] as const) {
  test(`hosted: ${person} signs in and reads HabiTrack in ${lang}`, async ({ page }) => {
    await page.goto('/');
    await expectLoginScreen(page);
    await signInFromLoginScreen(page, {
      provider: 'hosted',
      person,
      until: (p) => p.getByText(welcome).waitFor({ timeout: 20_000 }),
    });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  });
}

for (const { provider, person, screen } of [
  { provider: 'directory', person: 'newcomer@acme.example', screen: /isn't set up yet/ },
  { provider: 'directory', person: 'jordan.reyes@acme.example', screen: /sign-in isn't enabled yet/ },
  { provider: 'directory', person: 'pat@globex.example', screen: 'Globex is not yet registered' },
  { provider: 'hosted', person: 'someone@example.net', screen: 'No Account Found' },
] as const) {
  test(`${provider}: ${person} sees the account-problem screen`, async ({ page }) => {
    await page.goto('/programme/dashboard');
    await expectLoginScreen(page);

    await signInFromLoginScreen(page, {
      provider,
      person,
      until: (p) => heading(p, screen).waitFor({ timeout: 20_000 }),
    });
    await expect(page.getByText(person, { exact: true })).toBeVisible();
    await expect(heading(page, 'Dashboard')).toHaveCount(0);
    // Announced: focus is on the heading, without a focus ring (it is no control).
    await expect(heading(page, screen)).toBeFocused();
    expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('none');
    // Nothing of a programme they are not in, nor developer tools that would fail for them.
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Leadership Excellence Programme')).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Demo tools' })).toHaveCount(0);
    await expectScreenPasses(page, `the account-problem screen of ${person}`);
  });
}

// Signed out, with nothing of a session in this browser, the Login screen needs neither sign-in SDK:
// it is on screen before the SDK downloads (features/auth/components/hybrid-auth-provider.tsx), and
// the catalog of the browser's language is asked for with the page's own files, from the boot
// preload (apps/web/vite.config.ts), not after the app has started: the one catalog downloaded is
// the one preloaded. The button still signs in once the SDK has arrived.
test.describe('a first visit in German', () => {
  test.use({ locale: 'de-DE' });

  test('the Login screen is on screen before the sign-in SDK downloads, in the language preloaded', async ({
    page,
  }) => {
    await recordLargestPaints(page);
    await page.goto('/programme/cohort');
    await expect(heading(page, 'Willkommen bei HabiTrack')).toBeVisible({ timeout: 20_000 });
    const signIn = page.getByRole('button', { name: 'Mit HabiTrack-Konto anmelden' });
    await expect(signIn).toBeEnabled();
    await expect
      .poll(() => page.evaluate(`performance.getEntriesByType('resource').some((e) => /auth0-spa-js/.test(e.name))`))
      .toBe(true);

    const seen = await pageTiming(page);
    // Browser code as text: this project's type checking knows no DOM.
    const preloaded = (await page.evaluate(
      `[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname)`,
    )) as string[];
    const title = seen.paints.find((paint) => paint.tag === 'H1');
    expect(title, 'the title is painted').toBeDefined();
    const sdk = seen.files.filter((file) => /\/assets\/auth0-spa-js[^/]*\.js$/.test(file.name));
    expect(sdk).toHaveLength(1);
    expect(sdk[0]!.start).toBeGreaterThanOrEqual(title!.at);
    const catalogs = seen.files.filter((file) => /\/assets\/messages-[^/]*\.js$/.test(file.name));
    expect(catalogs, 'one catalog is downloaded').toHaveLength(1);
    expect(preloaded).toContain(catalogs[0]!.name);

    await signIn.click();
    await expect(page.getByRole('button', { name: /priya\.sharma@acme\.example/ })).toBeVisible({ timeout: 20_000 });
  });
});

test('a screen that fits the window has no scrollbar', async ({ page }) => {
  await page.goto('/');
  await expectLoginScreen(page);
  await signInFromLoginScreen(page, {
    provider: 'directory',
    person: 'newcomer@acme.example',
    until: (p) => heading(p, /isn't set up yet/).waitFor({ timeout: 20_000 }),
  });
  const heights = (await page.evaluate(
    '[document.scrollingElement.scrollHeight, document.scrollingElement.clientHeight]',
  )) as [number, number];
  expect(heights[0]).toBeLessThanOrEqual(heights[1]);
});

test('Try Different Account signs out of the provider and returns to the Login screen', async ({ page }) => {
  await page.goto('/programme/dashboard');
  await expectLoginScreen(page);
  await signInFromLoginScreen(page, {
    provider: 'directory',
    person: 'pat@globex.example',
    until: (p) => heading(p, 'Globex is not yet registered').waitFor({ timeout: 20_000 }),
  });

  const endSession = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/oauth2/v2.0/logout'));
  await page.getByRole('button', { name: 'Try Different Account' }).click();

  // Through the provider's end-session page, back to the start page, where nobody is signed in.
  await endSession;
  await expectLoginScreen(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Globex is not yet registered')).toHaveCount(0);
  // The provider's session ended too: signing in asks who, and another person can be picked.
  await readInEnglish(page);
  await signInFromLoginScreen(page, {
    provider: 'directory',
    person: 'lucas.martin@acme.example',
    until: welcomed('Lucas Martin'),
  });
});

for (const provider of ['hosted', 'directory'] as const) {
  test(`${provider}: cancelling at the provider shows Authentication Error with a way home`, async ({ page }) => {
    await page.goto('/programme/dashboard');
    await expectLoginScreen(page);
    await page.getByRole('button', { name: LOGIN_BUTTON[provider] }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(heading(page, 'Authentication Error')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/callback/);
    // In the app's frame, with its brand and what to do next.
    await expect(page.getByRole('banner')).toContainText('HabiTrack');
    await expect(page.getByRole('main')).toContainText('Return home to sign in again');
    await expectScreenPasses(page, `the callback error (${provider})`);
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expectLoginScreen(page);
  });
}

test.afterAll(() => {
  if (timings.length === 0) return;
  const line = (label: string, runs: typeof timings) =>
    `${label}: median ${median(runs.map((t) => t.totalMs))} ms click-to-page ` +
    `(${median(runs.map((t) => t.afterPersonMs))} ms after picking the person; ` +
    `runs ${runs.map((t) => t.totalMs).join(', ')} ms)`;
  const lines = [
    line('sign-in, all', timings),
    ...(['hosted', 'directory'] as const)
      .map((provider) => [provider, timings.filter((t) => t.provider === provider)] as const)
      .filter(([, runs]) => runs.length > 0)
      .map(([provider, runs]) => line(`sign-in, ${provider}`, runs)),
  ];
  for (const text of lines) console.log(text);
});
