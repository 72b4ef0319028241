// The daily loop against the real stack: the mood prompt, a check-in with a positive change, the
// dashboard's numbers moving, updating the same day's check-in, and a check-in made while the API is
// unreachable that is kept in the browser and reaches the server later.
// Each test signs in as its own seeded member (today unlogged, no mood yet: apps/api/src/seed).
// Prints how long the check-in and the offline resend take to show on the dashboard.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { signInAs } from '../fixtures/sign-in.ts';

const DASHBOARD = /\/programme\/dashboard$/;
const LOG_POST = '**/api/v1/habits/*/log';
const timings: string[] = [];

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

function moodDialog(page: Page) {
  return page.getByRole('dialog', { name: 'How are you feeling today?' });
}

function firstHabitCard(page: Page) {
  return page.getByRole('region', { name: 'Your Habits' }).getByRole('article').first();
}

async function numberIn(locator: Locator, pattern: RegExp): Promise<number> {
  const match = pattern.exec((await locator.textContent()) ?? '');
  if (!match?.[1]) throw new Error(`no ${pattern} in "${await locator.textContent()}"`);
  return Number(match[1]);
}

// The first habit card's streak and completed days, and the Positive Impacts total.
async function readNumbers(page: Page) {
  const card = firstHabitCard(page);
  return {
    streak: await numberIn(card, /Current streak: (\d+) days?/),
    days: await numberIn(card, /(\d+)\/\d+ days completed/),
    impacts: await numberIn(page.getByRole('region', { name: 'Positive Impacts' }), /Total logged: (\d+)/),
  };
}

async function expectNumbers(page: Page, expected: { streak: number; days: number; impacts: number }) {
  const card = firstHabitCard(page);
  await expect(card).toContainText(`Current streak: ${expected.streak} day`);
  await expect(card).toContainText(new RegExp(`(^|\\D)${expected.days}/\\d+ days completed`));
  await expect(page.getByRole('region', { name: 'Positive Impacts' })).toContainText(
    `Total logged: ${expected.impacts}`,
  );
}

// The check-ins the app keeps in the browser (key habitLogs, by
// apps/web/src/features/check-in/utils/local-habit-logs.ts). A string expression: this project is
// typed for Node, without the DOM's globals.
async function storedCheckIns(page: Page): Promise<unknown[]> {
  const raw = await page.evaluate<string | null>("window.localStorage.getItem('habitLogs')");
  return JSON.parse(raw ?? '[]') as unknown[];
}

async function openDashboard(page: Page, member: { email: string; name: string }) {
  await signInAs(page, { ...member, path: '/programme/dashboard' });
  await expect(page.getByText(`Welcome back, ${member.name}!`)).toBeVisible();
}

test('mood, a check-in with a positive change, and an update the same day', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await openDashboard(page, { email: 'priya.sharma@acme.example', name: 'Priya Sharma' });

  // The seed leaves today's mood empty, so the prompt asks.
  await expect(moodDialog(page)).toBeVisible();
  await expectScreenPasses(page, 'the mood prompt');
  await moodDialog(page).getByRole('button', { name: 'Good', exact: true }).click();
  await expect(moodDialog(page)).toBeHidden();
  const today = page
    .getByRole('region', { name: 'Mood Tracking' })
    .getByRole('listitem', { name: /^Today, .*: Good$/ });
  await expect(today.getByRole('img', { name: 'Good' })).toBeVisible();
  // Answered for today: a new visit does not ask again.
  const flowStatus = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/user-flow-status'));
  await page.reload();
  expect(await (await flowStatus).json()).toMatchObject({ navigation_path: 'dashboard', needs_mood_entry: false });
  await expect(today.getByRole('img', { name: 'Good' })).toBeVisible();
  await expect(moodDialog(page)).toBeHidden();

  const before = await readNumbers(page);
  const habitName = (await firstHabitCard(page).getByRole('heading').textContent()) ?? '';
  await firstHabitCard(page).getByRole('link', { name: 'Track Today' }).click();
  await expect(page.getByRole('heading', { level: 2, name: habitName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Check-in' })).toBeDisabled();
  await page.getByRole('button', { name: 'Yes completed' }).click();
  const changes = page.getByRole('group', { name: /positive change/ });
  const change = changes.getByRole('button').first();
  await change.click();
  await expect(change).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('textbox', { name: 'Notes (optional)' }).fill('Asked about the blocker first thing.');
  await expectScreenPasses(page, 'the check-in, Yes completed pressed and a positive change picked');

  const savedAt = performance.now();
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/log'));
  await page.getByRole('button', { name: 'Save Check-in' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page).toHaveURL(DASHBOARD);
  await expectNumbers(page, { streak: before.streak + 1, days: before.days + 1, impacts: before.impacts + 1 });
  timings.push(`check-in: Save to updated dashboard ${Math.round(performance.now() - savedAt)} ms`);
  await expect(firstHabitCard(page).getByText('Logged today')).toBeVisible();
  await expectScreenPasses(page, 'the dashboard, a habit logged today');

  // The same day again: the screen starts from the saved entry and an update succeeds.
  await firstHabitCard(page).getByRole('link', { name: 'Track Today' }).click();
  await expect(page.getByText("You've already logged today. You can update your entry below.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes completed' })).toHaveAttribute('aria-pressed', 'true');
  await expect(change).toHaveAttribute('aria-pressed', 'true');
  const notes = page.getByRole('textbox', { name: 'Notes (optional)' });
  await expect(notes).toHaveValue('Asked about the blocker first thing.');
  await notes.fill('Asked about the blocker first thing, and it was solved by noon.');
  const updated = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/log'));
  await page.getByRole('button', { name: 'Save Check-in' }).click();
  expect((await updated).status()).toBe(200);
  await expect(page).toHaveURL(DASHBOARD);
  // An update is not a second day: the numbers stay where the first save put them.
  await expectNumbers(page, { streak: before.streak + 1, days: before.days + 1, impacts: before.impacts + 1 });
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

test('a check-in made while the API is unreachable is kept and reaches the server later', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  // The mood prompt is not this test's subject, and another spec may have answered it already. It
  // opens on its own once its data arrives, which can be after the dashboard's content: whenever it
  // stands in the way of a step, it is skipped.
  await page.addLocatorHandler(moodDialog(page), async (dialog) => {
    await dialog.getByRole('button', { name: 'Skip for today' }).click();
  });
  await openDashboard(page, { email: 'tom.gallagher@acme.example', name: 'Tom Gallagher' });

  const before = await readNumbers(page);
  await firstHabitCard(page).getByRole('link', { name: 'Track Today' }).click();
  await page.getByRole('button', { name: 'Yes completed' }).click();
  await page.getByRole('textbox', { name: 'Notes (optional)' }).fill('Saved on the train.');

  // Every check-in POST fails as if the network were down, including the dashboard's first resend.
  await page.route(LOG_POST, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Save Check-in' }).click();
  await expect(page).toHaveURL(DASHBOARD);
  const notice = page.getByText(/Your check-in is saved on this device and will sync/);
  await expect(notice).toBeVisible();
  await expectNumbers(page, before);
  await expectScreenPasses(page, 'the dashboard with a check-in kept on this device');
  expect(await storedCheckIns(page)).toContainEqual(
    expect.objectContaining({ completed: true, notes: 'Saved on the train.', pendingSync: true }),
  );

  // Back online: returning to the dashboard sends it.
  await page.unroute(LOG_POST);
  const resentAt = performance.now();
  const resent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/log'));
  await page.reload();
  expect((await resent).status()).toBe(201);
  await expect(notice).toBeHidden();
  await expectNumbers(page, { ...before, streak: before.streak + 1, days: before.days + 1 });
  timings.push(`offline check-in: dashboard reload to synced numbers ${Math.round(performance.now() - resentAt)} ms`);
  expect(await storedCheckIns(page)).toContainEqual(
    expect.objectContaining({ notes: 'Saved on the train.', pendingSync: false }),
  );

  // The server has it: the check-in screen loads it from there, not from the browser.
  await firstHabitCard(page).getByRole('link', { name: 'Track Today' }).click();
  await expect(page.getByText("You've already logged today. You can update your entry below.")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('Saved on the train.');
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
});

test.afterAll(() => {
  for (const line of timings) console.log(line);
});
