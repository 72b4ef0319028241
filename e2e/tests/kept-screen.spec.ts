// A member's screen as they saw it last, kept in their browser (apps/web/src/lib/kept-screens.ts,
// decision 026): the next visit paints it before any of the app's code has arrived, not clickable,
// and the app then replaces it with the live screen where it stands. Shown only to the same
// account, on the same day, by the same build, while the sign-in SDK still holds the session;
// forgotten on logout.
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../fixtures/sign-in.ts';
import { keptFor, keptScreens } from '../fixtures/kept-screens.ts';
import { pageTiming, recordLargestPaints } from '../fixtures/page-timing.ts';

const MEMBER = { email: 'tom.gallagher@acme.example', name: 'Tom Gallagher' };
const DASHBOARD = '/programme/dashboard';
const ENTRY = /\/assets\/index-[^/]+\.js$/;

// Holds the app's entry back until released: what the page shows then is what it shows without the app.
async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function signedInOnDashboard(page: Page) {
  await signInAs(page, { ...MEMBER, path: DASHBOARD });
  const mood = page.getByRole('dialog', { name: 'How are you feeling today?' });
  const habits = page.getByRole('region', { name: 'Your Habits' });
  await expect(mood.or(habits).first()).toBeVisible({ timeout: 20_000 });
  if (await mood.isVisible()) {
    await mood.getByRole('button', { name: 'Skip for today' }).click();
    await expect(mood).toBeHidden();
  }
  await keptFor(page, DASHBOARD);
}

test('the dashboard seen last is painted before the app arrives, then the app takes it over in place', async ({
  page,
}) => {
  await recordLargestPaints(page);
  await signedInOnDashboard(page);

  // From here on, the app's own page only (the identity provider's pages have errors of their own).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  const release = await holdEntry(page);
  await page.reload({ waitUntil: 'commit' });
  const root = page.locator('#root');
  await expect(root).toHaveAttribute('data-kept-screen', '');
  await expect(root).toHaveAttribute('inert', '');
  const heading = root.locator('h1', { hasText: 'Dashboard' });
  await expect(heading).toBeVisible();
  await expect(root.getByText(`Welcome back, ${MEMBER.name}!`)).toBeVisible();
  // Not live: nothing in it can be used until the app has taken over.
  await expect(root.locator('a[href]').first().click({ timeout: 1_500 })).rejects.toThrow();
  expect(new URL(page.url()).pathname).toBe(DASHBOARD);
  const before = await heading.boundingBox();

  release();
  await expect(root).not.toHaveAttribute('data-kept-screen');
  await expect(root).not.toHaveAttribute('inert');
  const live = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await expect(live).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Habits' })).toBeVisible();
  // Where it stood: the live screen replaces the kept one without moving it.
  await expect.poll(() => live.boundingBox()).toEqual(before);

  // The app's files were asked for only once the kept screen had been painted, and the live screen
  // painted nothing larger: the page's largest paint is the kept screen's.
  const timing = await pageTiming(page);
  const entry = timing.files.find((file) => ENTRY.test(file.name));
  expect(entry).toBeDefined();
  expect(timing.paints.length).toBeGreaterThan(0);
  expect(Math.max(...timing.paints.map((paint) => paint.at))).toBeLessThan(entry!.start);
  expect(errors).toEqual([]);
});

test('a kept screen is shown only on its day, by its build, while the session is held, and goes on logout', async ({
  page,
}) => {
  await signedInOnDashboard(page);
  const kept = await keptScreens(page);
  expect(kept?.sessionKeys.length).toBeGreaterThan(0);

  const changes: Array<[string, string]> = [
    ['another day', `kept.date = '2000-01-01';`],
    ['another build', `kept.build = '/assets/index-previous.js';`],
    ['a session the sign-in SDK no longer holds', `kept.sessionKeys = ['not-held-by-the-sdk'];`],
  ];
  for (const [what, change] of changes) {
    await page.evaluate(`(() => {
      const kept = JSON.parse(localStorage.getItem('keptScreens'));
      ${change}
      localStorage.setItem('keptScreens', JSON.stringify(kept));
    })()`);
    const release = await holdEntry(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('status'), what).toHaveText('Loading HabiTrack...');
    await expect(page.locator('#root[data-kept-screen]'), what).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    // The app keeps the screen afresh, as it is now.
    await expect
      .poll(async () => {
        const now = await keptScreens(page);
        return now && { date: now.date, build: now.build, sessionKeys: now.sessionKeys };
      })
      .toEqual({ date: kept!.date, build: kept!.build, sessionKeys: kept!.sessionKeys });
  }

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => keptScreens(page).catch(() => 'the page is changing')).toBeNull();
});
