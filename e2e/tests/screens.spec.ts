// Every route and overlay a member reaches passes axe and fits a 390 px phone (fixtures/screen-checks.ts);
// the screens of other roles and states are checked where their specs reach them (leader-kpis: the
// waiting message, goals and KPI forms; onboarding: terms, intro, habit selection; daily-loop: mood,
// check-in, the offline notice; cohort: the leaderboard; sign-in: login, account problems, callback
// error). Hannah is a seeded member no other spec changes: today's mood is still open.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectScreenPasses, measurePhoneFit, PHONE } from '../fixtures/screen-checks.ts';
import { signInAs } from '../fixtures/sign-in.ts';

const MEMBER = { email: 'hannah.berg@acme.example', name: 'Hannah Berg' };

function heading(page: Page, name: string) {
  return page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });
}

// How far each of the dashboard's widgets reaches below its own content, in px.
async function emptySpaceBelowWidgets(page: Page): Promise<Record<string, number>> {
  return page.evaluate(`(() => {
    const gaps = {};
    for (const widget of document.querySelectorAll('main section[aria-labelledby]')) {
      const name = document.getElementById(widget.getAttribute('aria-labelledby')).textContent;
      const content = widget.lastElementChild.getBoundingClientRect();
      const box = widget.getBoundingClientRect();
      const padding = parseFloat(getComputedStyle(widget).paddingBottom);
      gaps[name] = Math.round(box.bottom - padding - content.bottom);
    }
    return gaps;
  })()`);
}

test('a member’s screens and overlays pass axe and fit a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, { ...MEMBER, path: '/programme/dashboard' });

  const mood = page.getByRole('dialog', { name: 'How are you feeling today?' });
  // It opens once its data and its code have arrived, after the dashboard's content: on a busy
  // machine that can take longer than the default wait.
  await expect(mood).toBeVisible({ timeout: 20_000 });
  await expectScreenPasses(page, 'the mood prompt');
  await mood.getByRole('button', { name: 'Skip for today' }).click();
  await expect(mood).toBeHidden();

  await expect(page.getByText(`Welcome back, ${MEMBER.name}!`)).toBeVisible();
  await expectScreenPasses(page, 'the dashboard');
  // On a phone the header keeps Logout on the product's row, never on a line of its own.
  await page.setViewportSize(PHONE);
  const banner = page.getByRole('banner');
  const product = await banner.getByText('HabiTrack', { exact: true }).boundingBox();
  const logout = await banner.getByRole('button', { name: 'Logout' }).boundingBox();
  expect(logout!.y).toBeLessThan(product!.y + product!.height);
  await page.setViewportSize({ width: 1280, height: 720 });
  // Each widget is as tall as its content, not stretched to the tallest beside it.
  const gaps = await emptySpaceBelowWidgets(page);
  expect(Object.keys(gaps)).toEqual(expect.arrayContaining(['Your Cohort', 'Mood Tracking', 'Positive Impacts']));
  for (const [widget, gap] of Object.entries(gaps)) expect(gap, `empty space in ${widget}`).toBeLessThanOrEqual(2);

  // The developer tools sit in the header's demo menu, which passes axe open too.
  await banner.getByRole('button', { name: 'Demo tools' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectScreenPasses(page, 'the demo tools menu');
  await page.getByRole('menuitem', { name: 'Debug' }).click();
  const debug = page.getByRole('dialog', { name: 'Debug' });
  await expect(debug.getByRole('region', { name: 'Simple test answer' })).toBeVisible();
  await expectScreenPasses(page, 'the debug panel');
  await debug.getByRole('button', { name: 'Close' }).click();
  await expect(debug).toBeHidden();

  await page.getByRole('link', { name: 'Track Today' }).first().click();
  await expect(page.getByRole('button', { name: 'Yes completed' })).toBeVisible();
  await expectScreenPasses(page, 'the check-in');
  const no = page.getByRole('button', { name: "No didn't do it" });
  await no.click();
  await expect(no).toHaveAttribute('aria-pressed', 'true');
  await expectScreenPasses(page, 'the check-in, No pressed');

  await page.goto('/programme/cohort');
  await expect(page.getByRole('table', { name: 'Cohort leaderboard' })).toBeVisible();
  await expectScreenPasses(page, 'the cohort leaderboard');

  // The route aliases (docs/domain/screens.md#routes) land on their screens.
  for (const alias of ['/programme/behaviour-selection', '/programme/habit-selection']) {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/programme\/behaviour-habit-selection$/);
  }
  await expect(page.getByText(/\d of 3 selected/)).toBeVisible();
  await expectScreenPasses(page, 'Select Your Habits');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/programme\/intro$/);
  await expect(page.getByRole('button', { name: 'Continue to Module 1' })).toBeVisible();
  await expectScreenPasses(page, 'the programme intro');

  await page.goto('/no-such-page');
  await expect(heading(page, 'Page not found')).toBeVisible();
  await expectScreenPasses(page, 'Page not found');

  await page.goto('/');
  await expect(page).toHaveURL(/\/programme\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${MEMBER.name}!`)).toBeVisible();
});

// The checks themselves find what they look for, so a pass above means something.
test('the phone checks catch sideways scrolling, cut-off text and axe violations', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.setContent(`<!doctype html><html lang="en"><head><title>Checks</title></head><body>
    <main>
      <h1>Checks</h1>
      <span id="cut" style="display:inline-block;width:12px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">You</span>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Only for screen readers</span>
      <div style="width:600px">Wider than a phone</div>
      <p style="color:#aaa">Pale text</p>
    </main></body></html>`);
  const fit = await measurePhoneFit(page);
  expect(fit.pageWidth).toBeGreaterThan(fit.viewportWidth);
  expect(fit.cutOff).toEqual([expect.stringMatching(/^span "You"/)]);
  await expect(expectNoAxeViolations(page, 'a page with pale text')).rejects.toThrow(/color-contrast/);
});
