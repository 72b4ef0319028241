// Every text of every screen comes from a catalog: shown in the pseudo-locale (accented texts,
// docs/i18n/testing.md), each screen and overlay a member, a new member, a leader and
// administrator, a team leader and a stranger reach lists no text written in plain letters but the
// demo's data. Nothing is changed on the way (the mood prompt and the terms are looked at, not
// answered), so the other specs find the seeded people as they were.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseLocale, PSEUDO_LOCALE, pseudoText, uncataloguedTexts } from '../fixtures/locales.ts';
import { expectLoginScreen, signInFromLoginScreen, type Provider } from '../fixtures/sign-in.ts';

type Person = { email: string; name?: string; provider?: Provider };

const MEMBER = { email: 'hannah.berg@acme.example', name: 'Hannah Berg' };
const NEW_MEMBER = { email: 'sam.patel@acme.example', name: 'Sam Patel' };
const LEADER = { email: 'eleanor.whitfield@acme.example', name: 'Eleanor Whitfield' };
const TEAM_LEADER = { email: 'marcus.chen@acme.example', name: 'Marcus Chen' };
const STRANGER = { email: 'someone@example.net' };

// Signs `person` in (in the source locale: the login buttons are found by their names), then shows
// the app in the pseudo-locale.
async function signedInPseudo(browser: Browser, person: Person): Promise<Page> {
  const { baseURL, locale, ignoreHTTPSErrors } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, ignoreHTTPSErrors });
  const page = await context.newPage();
  await page.goto('/');
  await expectLoginScreen(page);
  await signInFromLoginScreen(page, {
    provider: person.provider ?? 'hosted',
    person: person.email,
    until: (p) =>
      person.name
        ? p.getByText(`Welcome, ${person.name}`).waitFor({ timeout: 20_000 })
        : p.getByRole('main').getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 }),
  });
  await chooseLocale(page, PSEUDO_LOCALE);
  return page;
}

// The screen's heading is shown and nothing on it is loading any more; or the overlay is shown (the
// terms stand over a loading screen).
async function shown(page: Page, what: 'heading' | 'dialog' = 'heading') {
  if (what === 'dialog') {
    await expect(page.getByRole('dialog').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    return;
  }
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
}

// What the screens showed without a catalog, gathered across the spec and reported at the end, each
// text once with the first screen it was seen on.
const uncatalogued = new Map<string, string>();
async function collect(page: Page, screen: string, what: 'heading' | 'dialog' = 'heading') {
  await shown(page, what);
  for (const text of await uncataloguedTexts(page)) if (!uncatalogued.has(text)) uncatalogued.set(text, screen);
}

async function visit(page: Page, path: string, screen: string) {
  await page.goto(path);
  await collect(page, screen);
}

// Opens the overlay behind a button (its source text, or the start of it), looks, and closes it
// unchanged.
async function overlay(page: Page, button: string, screen: string, whole = true) {
  await page
    .getByRole('button', { name: pseudoText(button, whole) })
    .first()
    .click();
  await collect(page, screen, 'dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('every screen and overlay shows only catalog texts in the pseudo-locale', async ({ browser, page }) => {
  test.setTimeout(240_000);

  await page.goto('/');
  await chooseLocale(page, PSEUDO_LOCALE);
  await collect(page, 'the login screen');

  const member = await signedInPseudo(browser, MEMBER);
  await member.goto('/programme/dashboard');
  await collect(member, 'the dashboard');
  if (await member.getByRole('dialog').isVisible()) await collect(member, 'the mood prompt', 'dialog');
  const checkIn = await member.locator('a[href*="/programme/habit-track/"]').first().getAttribute('href');
  const history = await member.locator('a[href$="/history"]').first().getAttribute('href');
  expect(checkIn, 'a check-in link on the dashboard').toBeTruthy();
  expect(history, 'a history link on the dashboard').toBeTruthy();
  await visit(member, checkIn!, 'the check-in');
  await visit(member, history!, 'the habit history');
  await visit(member, '/programme/cohort', 'the cohort');
  await visit(member, '/programme/endorsements', 'the endorsements');
  await visit(member, '/programme/behaviour-habit-selection', 'the habit selection');
  await visit(member, '/programme/intro', 'the programme intro');
  await visit(member, '/settings/notifications', 'the notification settings');
  await visit(member, '/settings/data', 'my data');
  await visit(member, '/no-such-page', 'not found');
  await overlay(member, 'Debug', 'the debug panel');
  await member.context().close();

  const newMember = await signedInPseudo(browser, NEW_MEMBER);
  await collect(newMember, 'the terms', 'dialog');
  await newMember.context().close();

  const leader = await signedInPseudo(browser, LEADER);
  await visit(leader, '/leader/goals-setup', 'the leader goals');
  await visit(leader, '/leader/insights', 'the leader insights');
  for (const section of ['people', 'cohorts', 'content', 'settings', 'audit']) {
    await visit(leader, `/admin/${section}`, `the administration console: ${section}`);
    if (section === 'people') await overlay(leader, 'Invite a person', 'inviting a person');
    if (section === 'cohorts') await overlay(leader, 'Create a cohort', 'creating a cohort');
  }
  await leader.context().close();

  const teamLeader = await signedInPseudo(browser, TEAM_LEADER);
  await visit(teamLeader, '/team-leader/kpi-setup', 'the team KPIs');
  await overlay(teamLeader, 'Record a value for ', 'recording a KPI value', false);
  await overlay(teamLeader, 'Set baseline and target for ', 'setting a baseline and target', false);
  await visit(teamLeader, '/team-leader/insights', 'the team leader insights');
  await teamLeader.context().close();

  const stranger = await signedInPseudo(browser, STRANGER);
  await visit(stranger, '/programme/dashboard', 'the account problem (no account)');
  await stranger.context().close();

  const report = [...uncatalogued].map(([text, screen]) => `${screen} — ${text}`);
  expect(report, 'texts shown without a catalog').toEqual([]);
});
