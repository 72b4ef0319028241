// Organisational goals and department KPIs across the two roles, signed in through the hosted
// provider against the real API: the team leader first waits for goals; the leader is sent to the
// goals form from '/', saves two goals and reaches the dashboard; the team leader is then sent to
// the KPI form, defines Engineering with a KPI per goal and reaches the dashboard; the API then
// holds that department and both KPIs. The tests run in order and share one database, so they form
// one story. The shared demo server's programme already has goals, departments and KPIs (for the
// insights), so this story runs on a server of its own, seeded as the demo is before the leader has
// set goals (DEMO_GOALS=off: no goals, no departments, no start date).
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectScreenPasses } from '../fixtures/screen-checks.ts';
import { freePort, freshDataDir, startServer, type RunningServer } from '../fixtures/server.ts';
import { signInAs } from '../fixtures/sign-in.ts';

const LEADER = { email: 'eleanor.whitfield@acme.example', name: 'Eleanor Whitfield' };
const TEAM_LEADER = { email: 'marcus.chen@acme.example', name: 'Marcus Chen' };
const GOALS = [
  { title: 'Grow recurring revenue', description: 'Net revenue retention above 110%', kpi: 'Deployment frequency' },
  { title: 'Build an engaged workforce', description: '', kpi: 'Team engagement score' },
];

test.describe.configure({ mode: 'serial' });

// The port is chosen when the file loads, so every test's pages use it; the server starts once.
const port = freePort();
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = freshDataDir('goals-journey');
let server: RunningServer | undefined;
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = startServer({
    port,
    dataDir,
    env: { DEMO_GOALS: 'off', PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' },
  });
  await server.waitHealthy(200_000);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dirname(dataDir), { recursive: true, force: true });
});

function heading(page: Page, name: string) {
  return page.getByRole('main').getByRole('heading', { level: 1, name });
}

// The query parameter ?refresh=1 is removed once the dashboard has reloaded.
async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/programme\/dashboard$/, { timeout: 20_000 });
  await expect(heading(page, 'Dashboard')).toBeVisible();
}

async function getJson(request: APIRequestContext, authorization: string, url: string) {
  const response = await request.get(url, { headers: { authorization } });
  expect(response.status(), url).toBe(200);
  return response.json();
}

test('the team leader waits for the organisational goals', async ({ page }) => {
  await signInAs(page, TEAM_LEADER);
  await expect(heading(page, 'Waiting for Organizational Goals')).toBeVisible();
  await expect(page.getByText('We will send you an email notification when the goals are ready.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectScreenPasses(page, 'the waiting message at /');
});

test('the leader is sent to the goals form, saves two goals and reaches the dashboard', async ({ page }) => {
  await signInAs(page, LEADER);
  await expect(page).toHaveURL(/\/leader\/goals-setup$/);
  await expect(heading(page, 'Organisational goals')).toBeVisible();
  await expect(page.getByText('Programme start date: Not set')).toBeVisible();
  await expectScreenPasses(page, 'the goals form');

  for (const [index, goal] of GOALS.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add goal' }).click();
    const fields = page.getByRole('group', { name: `Goal ${index + 1}` });
    await fields.getByLabel('Title', { exact: true }).fill(goal.title);
    await fields.getByLabel('Description (optional)').fill(goal.description);
  }
  const saved = page.waitForResponse(
    (r) => r.url().includes('/organizational/goals?') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save goals' }).click();
  expect((await saved).status()).toBe(201);
  await expectDashboard(page);

  // The answers this browser keeps for the next visit may still say "no goals yet" (kept before the
  // save reached them). Opened afresh, the dashboard stays all the same: kept answers never
  // redirect (docs/decisions/012). Every address the page takes is recorded.
  await page.evaluate(`(() => {
    const snapshot = JSON.parse(localStorage.getItem('querySnapshot'));
    const flow = snapshot.entries.find((entry) => entry.key.join('/') === 'auth/user-flow-status');
    flow.data.has_organizational_goals = false;
    localStorage.setItem('querySnapshot', JSON.stringify(snapshot));
  })()`);
  await page.addInitScript(`(() => {
    const seen = (window.__paths = [location.pathname]);
    for (const name of ['pushState', 'replaceState']) {
      const original = history[name].bind(history);
      history[name] = (...args) => {
        original(...args);
        seen.push(location.pathname);
      };
    }
  })()`);
  await page.goto('/programme/dashboard');
  await expect(page.getByText(`Welcome back, ${LEADER.name}!`)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/programme\/dashboard$/);
  const paths = (await page.evaluate('window.__paths')) as string[];
  expect(paths.filter((path) => path !== '/programme/dashboard')).toEqual([]);
});

test('the team leader defines Engineering with a KPI per goal, and the API holds them', async ({ page }) => {
  await signInAs(page, TEAM_LEADER);
  await expect(page).toHaveURL(/\/team-leader\/kpi-setup$/);
  await expect(heading(page, 'Departments and KPIs')).toBeVisible();
  await expectScreenPasses(page, 'the departments and KPIs form');

  const department = page.getByRole('group', { name: /^Department 1/ });
  await department.getByLabel('Team', { exact: true }).selectOption({ label: 'Engineering' });
  await department.getByLabel('Description (optional)').fill('Platform and product engineering');
  for (const goal of GOALS) {
    await department.getByLabel('Add a goal').selectOption({ label: goal.title });
    await department.getByRole('button', { name: 'Add goal', exact: true }).click();
    await department
      .getByRole('group', { name: `Goal: ${goal.title}` })
      .getByLabel('KPI 1 title')
      .fill(goal.kpi);
  }
  // The page's own bearer token, read from one of its calls, lets the test ask the API as Marcus.
  const kpiPost = page.waitForRequest(
    (r) => r.url().endsWith('/organizational/department-kpis') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save departments and KPIs' }).click();
  const authorization = (await (await kpiPost).allHeaders()).authorization ?? '';
  expect(authorization).toMatch(/^Bearer /);
  await expectDashboard(page);

  const api = page.request;
  const programme = await getJson(api, authorization, '/api/v1/programmes/current');
  const goals: Array<{ id: string; title: string }> = await getJson(
    api,
    authorization,
    `/api/v1/organizational/goals/available?program_id=${programme.id}`,
  );
  expect(goals.map((goal) => goal.title)).toEqual(GOALS.map((goal) => goal.title));
  const departments: Array<{ id: string; name: string; description: string; organizational_goal_ids: string[] }> =
    await getJson(api, authorization, `/api/v1/organizational/departments?program_id=${programme.id}`);
  const engineering = departments.find((candidate) => candidate.name === 'Engineering');
  expect(engineering).toMatchObject({
    description: 'Platform and product engineering',
    organizational_goal_ids: goals.map((goal) => goal.id),
  });
  const kpis = await getJson(
    api,
    authorization,
    `/api/v1/organizational/department-kpis?department_id=${engineering!.id}`,
  );
  expect(kpis).toEqual(
    GOALS.map((goal, index) =>
      expect.objectContaining({
        organizational_goal_id: goals[index]!.id,
        title: goal.kpi,
        department_id: engineering!.id,
      }),
    ),
  );

  // Back on the form, the saved department is shown as stored: its team can no longer change.
  await page.goto('/team-leader/kpi-setup');
  await expect(department.getByLabel('Team', { exact: true })).toHaveValue('Engineering');
  await expect(department.getByLabel('Team', { exact: true })).not.toBeEditable();
  await expect(
    department.getByRole('group', { name: `Goal: ${GOALS[1]!.title}` }).getByLabel('KPI 1 title'),
  ).toHaveValue(GOALS[1]!.kpi);
});
