// Programme insights (issue 20) on the seeded demo, signed in through the hosted provider against
// the real API: the leader opens the insights, switches the period, opens a chart's table and
// downloads a section's CSV; the team leader records a KPI value on the KPI page and finds it on the
// goal line of their insights. Both pages pass axe and fit a phone. The demo has 5 or more members
// in each shown group and one small department (People Operations, 3 members) whose figures are
// hidden.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { keptFor } from '../fixtures/kept-screens.ts';
import { pageTiming, recordLargestPaints } from '../fixtures/page-timing.ts';
import { signInAs } from '../fixtures/sign-in.ts';

const LEADER = { email: 'eleanor.whitfield@acme.example', name: 'Eleanor Whitfield' };
const TEAM_LEADER = { email: 'marcus.chen@acme.example', name: 'Marcus Chen' };
const SUPPRESSED = 'Not enough members to show this without identifying someone';

function heading(page: Page, name: string) {
  return page.getByRole('main').getByRole('heading', { level: 1, name });
}

test('the leader switches the period, opens a table and downloads its CSV', async ({ page }) => {
  await signInAs(page, LEADER);
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/leader\/insights$/);
  await expect(heading(page, 'Programme insights')).toBeVisible();
  await expect(
    page.getByText(/^Last 4 weeks: 4 weeks, Leadership Excellence Programme\. Members: \d+\.$/),
  ).toBeVisible();
  // The headline figures come first; each chart is drawn, its code downloaded, as it comes into view.
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance.getByRole('term')).toHaveText(['Members', 'Participation', 'Check-in rate', 'Mood (1 to 5)']);
  await expect(glance.getByRole('definition').first()).toHaveText(/^\d+$/);
  const participationSection = page.getByRole('region', { name: 'Participation' });
  await participationSection.scrollIntoViewIfNeeded();
  await expect(participationSection.locator('svg.recharts-surface')).toBeVisible();
  // The small department is hidden, in words.
  const departments = page.getByRole('region', { name: 'Departments' });
  await expect(departments.getByRole('row', { name: new RegExp(`^People Operations ${SUPPRESSED}`) })).toBeVisible();
  await expectScreenPasses(page, 'the leader insights');

  const twelveWeeks = page.waitForResponse((r) => r.url().endsWith('/api/v1/insights?period=12w'));
  await page.getByText('Last 12 weeks', { exact: true }).click();
  expect((await twelveWeeks).status()).toBe(200);
  await expect(page.getByText(/^Last 12 weeks: 12 weeks, /)).toBeVisible();

  const mood = page.getByRole('region', { name: 'Mood' });
  const toggle = mood.getByRole('button', { name: 'Show table: Mood' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(mood.getByRole('button', { name: 'Hide table: Mood' })).toHaveAttribute('aria-expanded', 'true');
  const moodTable = mood.getByRole('table', { name: 'Mood' });
  await expect(moodTable.getByRole('row')).toHaveCount(13);
  // The last four weeks stand on 5 or more members' moods: an average from 1 to 5.
  await expect(moodTable.getByRole('row').last()).toHaveAccessibleName(/^Week of \d{4}-\d{2}-\d{2} [1-5](\.\d)?$/);

  const participation = page.getByRole('region', { name: 'Participation' });
  const downloaded = page.waitForEvent('download');
  await participation.getByRole('button', { name: 'Download CSV: Participation' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('insights-participation-12w.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Week,Members with an active habit,Participation');
  expect(lines).toHaveLength(13);
  for (const line of lines.slice(1)) {
    expect(line).toMatch(
      new RegExp(`^Week of \\d{4}-\\d{2}-\\d{2},(\\d+,\\d+(\\.\\d+)? %|${SUPPRESSED},${SUPPRESSED})$`),
    );
  }
  expect(lines.at(-1)).toMatch(/^Week of \d{4}-\d{2}-\d{2},\d+,\d+(\.\d+)? %$/);
  // No name of anyone in the export.
  expect(csv).not.toMatch(/acme\.example|Whitfield|Chen/);
});

test('the team leader records a KPI value and finds it on the goal line', async ({ page }) => {
  await signInAs(page, { ...TEAM_LEADER, path: '/team-leader/kpi-setup' });
  await expect(heading(page, 'Departments and KPIs')).toBeVisible();
  const kpiValues = page.getByRole('region', { name: 'KPI values' });
  await kpiValues.getByRole('button', { name: 'Record a value for Customer satisfaction (CSAT)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a value: Customer satisfaction (CSAT)' });
  const measuredOn = await dialog.getByLabel('Measured on').inputValue();
  expect(measuredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel('Value').fill('86.5');
  await dialog.getByLabel('Note (optional)').fill('After the new onboarding guide');
  const saved = page.waitForResponse((r) => r.url().endsWith('/measurements') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save value' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('Value recorded for Customer satisfaction (CSAT).')).toBeVisible();

  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/team-leader\/insights$/);
  await expect(heading(page, 'Insights for your departments')).toBeVisible();
  const line = page.getByRole('region', { name: 'Customer Success: Delight our customers' });
  // Charts are drawn as they come near the screen: the team leader scrolls to the goal line.
  await line.scrollIntoViewIfNeeded();
  await expect(line.getByText('KPI: Customer satisfaction (CSAT) (%)')).toBeVisible();
  await expect(line.getByText(`latest 86.5 % on ${measuredOn}`, { exact: false })).toBeVisible();
  await line.getByRole('button', { name: 'Show table: Customer Success: Delight our customers' }).click();
  const table = line.getByRole('table', { name: 'Customer Success: Delight our customers' });
  await expect(table.getByRole('row', { name: `Customer satisfaction (CSAT) ${measuredOn} 86.5 %` })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Customer satisfaction (CSAT): target 88 %' })).toBeVisible();
  await expectScreenPasses(page, 'the team leader insights');
});

// Opened again the same day, the page paints the insights as the leader saw them last, kept in this
// browser with the answers they were drawn from (apps/web/src/lib/kept-screens.ts, decision 026),
// before any of the app's code has been asked for; the sign-in SDK downloads after that paint, and
// fresh figures follow once it has given the API a token. The screen's style sheet is downloaded once.
test('reopened the same day, the insights paint before the app is asked for, and fresh figures follow', async ({
  page,
}) => {
  await signInAs(page, { ...LEADER, path: '/leader/insights' });
  await expect(heading(page, 'Programme insights')).toBeVisible();
  await expect(page.getByText(/^Last 4 weeks: /)).toBeVisible();
  // The look is kept once the screen has settled with its answers in.
  await keptFor(page, '/leader/insights');

  await recordLargestPaints(page);
  const fresh = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/insights');
  await page.reload();
  await expect(heading(page, 'Programme insights')).toBeVisible();
  await expect(page.getByText(/^Last 4 weeks: /)).toBeVisible();
  expect((await fresh).status()).toBe(200);
  await expect(page.locator('#root')).not.toHaveAttribute('data-kept-screen');

  const seen = await pageTiming(page);
  const title = seen.paints.find((paint) => paint.tag === 'H1');
  expect(title, 'the title is painted').toBeDefined();
  const entry = seen.files.find((file) => /\/assets\/index-[^/]+\.js$/.test(file.name));
  expect(entry, 'the app is asked for').toBeDefined();
  expect(entry!.start, 'the app is asked for after the kept screen has been painted').toBeGreaterThan(title!.at);
  const sdk = seen.files.filter((file) => /\/assets\/auth0-spa-js[^/]*\.js$/.test(file.name));
  expect(sdk).toHaveLength(1);
  expect(sdk[0]!.start).toBeGreaterThanOrEqual(title!.at);

  const sheets = seen.files.filter((file) => /\/assets\/insights-page-[^/]*\.css$/.test(file.name));
  expect(sheets, 'the screen’s style sheet is downloaded once').toHaveLength(1);
});
