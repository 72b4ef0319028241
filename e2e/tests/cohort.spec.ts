// The cohort leaderboard against the real stack: one member endorses a mate, sees it counted at
// once, still sees it after a reload, and the mate sees the new count on their own row.
// Lucas endorses Aisha: both are seeded members with active habits, the seed only dates
// endorsements in the past (apps/api/src/seed/demo-history.ts), and no other spec endorses them.
// Prints how long the endorsement takes to show and to be confirmed by the server.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreenPasses, PHONE } from '../fixtures/screen-checks.ts';
import { expectLoginScreen, signInAs } from '../fixtures/sign-in.ts';

const COHORT = '/programme/cohort';
const ENDORSER = { email: 'lucas.martin@acme.example', name: 'Lucas Martin' };
const ENDORSED = { email: 'aisha.okoye@acme.example', name: 'Aisha Okoye' };
// The Endorsements column: rank, member (the row header), habit, progress, streak, days, endorsements.
const ENDORSEMENTS_COLUMN = 6;

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole('table', { name: 'Cohort leaderboard' }).getByRole('row').filter({ hasText: name });
}

function endorsementsOf(row: Locator): Locator {
  return row.locator(':scope > td, :scope > th').nth(ENDORSEMENTS_COLUMN);
}

async function countOf(row: Locator): Promise<number> {
  const text = (await endorsementsOf(row).textContent())?.trim() ?? '';
  if (!/^\d+$/.test(text)) throw new Error(`no endorsement count in "${text}"`);
  return Number(text);
}

test('endorse a mate: counted at once, kept on reload, seen by the mate', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, { ...ENDORSER, path: COHORT });
  await expect(page.getByRole('heading', { level: 1, name: 'Cohort', exact: true })).toBeVisible();

  const own = rowOf(page, ENDORSER.name);
  await expect(own.getByText('You', { exact: true })).toBeVisible();
  await expectScreenPasses(page, 'the cohort leaderboard');
  await expect(own.getByRole('button')).toHaveCount(0);

  const mate = rowOf(page, ENDORSED.name);
  const endorse = mate.getByRole('button', { name: `Endorse ${ENDORSED.name}`, exact: true });
  await expect(endorse).toBeEnabled();
  const before = await countOf(mate);

  const clickedAt = performance.now();
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/social/endorsements'),
  );
  await endorse.click();
  const endorsed = mate.getByRole('button', { name: `Endorsed ${ENDORSED.name}`, exact: true });
  await expect(endorsed).toBeDisabled();
  await expect(endorsementsOf(mate)).toHaveText(String(before + 1));
  const shownMs = Math.round(performance.now() - clickedAt);
  const response = await posted;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ endorsed_user_id: expect.any(String) });
  const confirmedMs = Math.round(performance.now() - clickedAt);
  expect(await response.json()).toMatchObject({ total_endorsements: before + 1 });
  console.log(`endorse: click to Endorsed and +1 shown ${shownMs} ms; server confirmed ${confirmedMs} ms`);

  // The server and this device both remember it: after a reload the button stays disabled, with why.
  await page.reload();
  await expect(endorsed).toBeDisabled();
  await expect(endorsed).toHaveAccessibleDescription('You have already endorsed this user today');
  await expect(endorsementsOf(mate)).toHaveText(String(before + 1));

  await page.getByRole('button', { name: 'Logout' }).click();
  await expectLoginScreen(page);

  await signInAs(page, { ...ENDORSED, path: COHORT });
  const mine = rowOf(page, ENDORSED.name);
  await expect(mine.getByText('You', { exact: true })).toBeVisible();
  await expect(endorsementsOf(mine)).toHaveText(String(before + 1));
  await expect(mine.getByRole('button')).toHaveCount(0);
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the leaderboard is a list of cards, each with progress, streak, days and endorsements', async ({ page }) => {
    await signInAs(page, { ...ENDORSED, path: COHORT });
    const board = page.getByRole('list', { name: 'Cohort leaderboard' });
    await expect(board).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);

    const own = board.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${ENDORSED.name}$`) });
    await expect(own.getByText('You', { exact: true })).toBeVisible();
    await expect(own.getByRole('progressbar', { name: /^Average progress/ })).toBeVisible();
    for (const term of ['Streak', 'Days', 'Endorsements']) {
      await expect(own.getByRole('term').filter({ hasText: term })).toBeVisible();
    }
    // Every other member with an active habit can be endorsed from their card.
    const mate = board.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${ENDORSER.name}$`) });
    await expect(mate.getByRole('button', { name: new RegExp(`^Endorsed? ${ENDORSER.name}$`) })).toBeVisible();
    await expectScreenPasses(page, 'the cohort leaderboard on a phone');
  });
});
