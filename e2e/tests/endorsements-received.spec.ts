// Who cheered me on, against the real stack: Hannah endorses Tom from the cohort leaderboard; Tom's
// dashboard says something new arrived, his endorsements page shows who sent it, when and the
// message, and opening it marks it seen. The mood faces on his dashboard are images the app ships,
// named by the mood (no emoji font needed). Then Tom downloads his data.
// Hannah endorses Tom in no other spec (cohort.spec: Lucas endorses Aisha); the seed only dates
// endorsements in the past, so today's is free. Neither answers a mood prompt here: Hannah only
// opens the cohort page, and Tom's prompt (daily-loop.spec skips it too) is skipped if it shows.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { expectLoginScreen, signInAs } from '../fixtures/sign-in.ts';

const ENDORSER = { email: 'hannah.berg@acme.example', name: 'Hannah Berg' };
const ENDORSED = { email: 'tom.gallagher@acme.example', name: 'Tom Gallagher' };
// The fixed praise text the web app sends
// (docs/domain/standings-and-endorsements.md#the-endorse-button).
const PRAISE = 'Great job staying consistent with your habits! Keep up the excellent work.';
const MOOD_NAMES = ['Awful', 'Not good', 'Fine', 'Good', 'Great', 'Skipped'];

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a member sees who endorsed them, and mood faces render as named images', async ({ page }) => {
  const pageErrors = collectPageErrors(page);

  // Hannah endorses Tom.
  await signInAs(page, { ...ENDORSER, path: '/programme/cohort' });
  const tomRow = page
    .getByRole('table', { name: 'Cohort leaderboard' })
    .getByRole('row')
    .filter({ hasText: ENDORSED.name });
  const endorsed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/social/endorsements'),
  );
  await tomRow.getByRole('button', { name: `Endorse ${ENDORSED.name}`, exact: true }).click();
  expect((await endorsed).status()).toBe(201);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expectLoginScreen(page);

  // Tom's dashboard: something new arrived.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'How are you feeling today?' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Skip for today' }).click();
  });
  await signInAs(page, { ...ENDORSED, path: '/programme/dashboard' });
  await expect(page.getByText(`Welcome back, ${ENDORSED.name}!`)).toBeVisible();
  const cohort = page.getByRole('region', { name: 'Your Cohort' });
  const received = cohort.getByText(/^Endorsements received: /);
  await expect(received).toHaveText(/^Endorsements received: \d+ · \d+ new ones? since your last visit$/);

  // The week's mood faces: SVG images with the mood as their name, drawn at their size.
  const week = page.getByRole('list', { name: 'Your mood over the last 7 days' });
  const faces = week.getByRole('img');
  await expect(faces.first()).toBeVisible();
  expect(await faces.count()).toBeGreaterThan(0);
  for (const face of await faces.all()) {
    expect(MOOD_NAMES).toContain(await face.getAttribute('aria-label'));
    expect(await face.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    const box = await face.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  }
  // No emoji glyph is left to draw as an empty box.
  expect(await week.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);

  // Who cheered him on: Hannah, today, with her message, marked New; opening the page marks it seen.
  const seen = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/social/endorsements/received/seen'),
  );
  await cohort.getByRole('link', { name: 'See who cheered you on' }).click();
  await expect(page).toHaveURL(/\/programme\/endorsements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Endorsements' })).toBeVisible();
  const newest = page.getByRole('list', { name: 'Endorsements you received' }).getByRole('listitem').first();
  await expect(newest).toContainText(ENDORSER.name);
  await expect(newest).toContainText(PRAISE);
  await expect(newest.getByText('New', { exact: true })).toBeVisible();
  await expect(newest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  expect((await seen).status()).toBe(200);
  await expectScreenPasses(page, 'the endorsements page');

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(received).toHaveText(/^Endorsements received: \d+$/);

  // His data, as one JSON file: his own profile and the endorsement he just received.
  await page.goto('/settings/data');
  await expect(page.getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
  await expectScreenPasses(page, 'the my data page');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^habitrack-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(data.profile).toMatchObject({ email: ENDORSED.email, full_name: ENDORSED.name });
  expect(data.endorsements_received).toContainEqual(
    expect.objectContaining({ endorser: expect.objectContaining({ full_name: ENDORSER.name }), message: PRAISE }),
  );
  await expect(page.getByText(/Your download has started/)).toBeVisible();

  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});
