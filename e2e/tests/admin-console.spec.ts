// The administration console (issue 21) against the real stack, signed in through the hosted
// provider as the demo's administrator (Eleanor Whitfield, is_admin in apps/api/seed/people.yaml):
// - she deactivates Hannah Berg while Hannah is signed in in another browser: Hannah's next action
//   shows the deactivated screen; then Hannah is reactivated and works again, as before, so the
//   specs after this one (endorsements-received.spec.ts: Hannah endorses Tom) are unaffected;
// - she uploads a people file (CSV), sees the preview of what it will change, and applies it. The
//   file's people have no team, no cohort and no sign-in account, so no leaderboard, insight or
//   sign-in of another spec sees them;
// - the console passes axe and fits a phone, with a person's panel and the upload dialog open too.
import { expect, test, type Page } from '@playwright/test';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { signInAs } from '../fixtures/sign-in.ts';

const ADMIN = { email: 'eleanor.whitfield@acme.example', name: 'Eleanor Whitfield' };
const MEMBER = { email: 'hannah.berg@acme.example', name: 'Hannah Berg' };
const DEACTIVATED = 'Your account has been deactivated';

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openConsole(page: Page) {
  await signInAs(page, ADMIN);
  await page.getByRole('banner').getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'People, by name' })).toBeVisible();
}

async function findPerson(page: Page, name: string) {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(name);
  const rows = page.getByRole('table', { name: 'People, by name' }).getByRole('row');
  // The header row and the one person.
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: `Manage ${name}` }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

async function setStatus(page: Page, name: string, change: 'Deactivate' | 'Reactivate') {
  const panel = await findPerson(page, name);
  await panel.getByRole('button', { name: change, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `${change} ${name}?` });
  const answered = page.waitForResponse(
    (response) => response.url().endsWith(`/${change.toLowerCase()}`) && response.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: change, exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(
    panel.getByRole('button', { name: change === 'Deactivate' ? 'Reactivate' : 'Deactivate' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

test('a member deactivated while signed in elsewhere sees the deactivated screen on their next action', async ({
  page,
  browser,
}) => {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberErrors = collectPageErrors(member);
  let deactivated = false;
  try {
    // My data rather than the dashboard, whose mood prompt would ask for (and keep) today's mood.
    await signInAs(member, { ...MEMBER, path: '/settings/data' });
    await expect(member.getByRole('main').getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();

    await openConsole(page);
    await expectScreenPasses(page, 'the administration console (People)');
    deactivated = true;
    await setStatus(page, MEMBER.name, 'Deactivate');
    await expect(page.getByRole('table', { name: 'People, by name' }).getByRole('row').nth(1)).toContainText(
      'Deactivated',
    );

    // The member's next action: opening their notification settings asks the API, which refuses.
    await member.getByRole('banner').getByRole('link', { name: 'Notifications' }).click();
    await expect(member.getByRole('heading', { level: 1, name: DEACTIVATED })).toBeVisible();
    await expect(member.getByText(/contact your programme administrator/)).toBeVisible();
    await expect(member.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(member.getByRole('banner').getByRole('link', { name: 'Notifications' })).toBeHidden();
    await expectScreenPasses(member, 'the deactivated screen');
  } finally {
    // Whatever happened above, Hannah is active again for the specs after this one.
    if (deactivated) await setStatus(page, MEMBER.name, 'Reactivate');
  }

  // Reactivated, nothing lost: the same session works again.
  await member.goto('/settings/notifications');
  await expect(member.getByRole('main').getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(member.getByRole('heading', { name: DEACTIVATED })).toBeHidden();
  expect(memberErrors).toEqual([]);
  await memberContext.close();
});

test('an administrator uploads a people file, sees the preview and applies it', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  const stamp = Date.now().toString(36);
  const emails = [`ada.upload.${stamp}@acme.example`, `alan.upload.${stamp}@acme.example`];
  const csv = [
    'email,full_name,job_title',
    `${emails[0]},Ada Upload ${stamp},Analyst`,
    `${emails[1]},Alan Upload ${stamp},Engineer`,
    '',
  ].join('\n');

  const search = page.getByRole('searchbox', { name: 'Search' });
  const dialog = page.getByRole('dialog', { name: 'Upload a people file' });
  const checkFile = async () => {
    await page.getByRole('button', { name: 'Upload a people file' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'new-people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(dialog.getByText('new-people.csv')).toBeVisible();
    const checked = page.waitForResponse((response) => response.url().endsWith('/api/v1/admin/people/imports'));
    await dialog.getByRole('button', { name: 'Check the file' }).click();
    expect((await checked).status()).toBe(200);
    const preview = dialog.getByRole('table', { name: /Changes if you apply the file/ });
    await expect(preview.getByRole('row', { name: /^People 2 0 \d+$/ })).toBeVisible();
  };

  await openConsole(page);
  await checkFile();
  await expectScreenPasses(page, 'the people upload preview');

  // The check wrote nothing: nobody of the file is listed yet.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await search.fill(`Upload ${stamp}`);
  await expect(page.getByText('Nobody matches this search. Try fewer filters.')).toBeVisible();

  await checkFile();
  const applied = page.waitForResponse((response) => response.url().endsWith('/api/v1/admin/people/imports'));
  await dialog.getByRole('button', { name: 'Apply the changes' }).click();
  expect((await applied).status()).toBe(200);
  await expect(dialog.getByText('The file has been applied')).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Changes made' }).getByRole('row', { name: /^People 2 0 / }),
  ).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const rows = page.getByRole('table', { name: 'People, by name' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(emails[0]!);
  await expect(rows.nth(2)).toContainText(emails[1]!);
  expect(pageErrors).toEqual([]);
});

test('every section of the console passes axe and fits a phone', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await openConsole(page);
  const main = page.getByRole('main');

  await page.getByRole('tab', { name: 'Cohorts' }).click();
  await expect(page).toHaveURL(/\/admin\/cohorts$/);
  await expect(
    page.getByRole('table', { name: 'Cohorts, by name' }).getByRole('row', { name: /Cohort Aurora/ }),
  ).toBeVisible();
  await expectScreenPasses(page, 'the console: cohorts');

  await page.getByRole('tab', { name: 'Programme content' }).click();
  await expect(main.getByRole('heading', { level: 2, name: 'Leadership Excellence Programme' })).toBeVisible();
  await main
    .getByRole('button', { name: /habits?\)$/ })
    .first()
    .click();
  await expect(main.getByRole('button', { name: /^Retire the habit / }).first()).toBeVisible();
  await expectScreenPasses(page, 'the console: programme content');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(main.getByRole('combobox', { name: /tenant ids/ })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'SCIM tokens' })).toBeVisible();
  await expectScreenPasses(page, 'the console: settings');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(main.getByText(/^\d+ (entry|entries)/)).toBeVisible();
  await expectScreenPasses(page, 'the console: audit log');
  expect(pageErrors).toEqual([]);
});
