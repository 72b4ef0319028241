// A deploy does not break the tabs left open on the previous build. Runs its own server
// (`node scripts/start.mjs`) on its own port and data folder, serving a copy of the built web app
// (WEB_DIST), so the build the other specs use is never touched:
// - a deploy: the server restarts with a new build whose files all have new names. A tab signed
//   in on the previous build opens a screen it has not opened yet: that screen's chunk is gone (404),
//   and the page loads itself again, once, into the new build, which shows the screen;
// - a chunk missing from the build the server still sends (no newer build to load): no reload, the
//   route's error with a Reload button.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, freshDataDir, repoRoot, startServer, type RunningServer } from '../fixtures/server.ts';
import { signInAs } from '../fixtures/sign-in.ts';

const MEMBER = { email: 'priya.sharma@acme.example', name: 'Priya Sharma' };
// The tests sign in on My data and open Notifications through the header's link (the dashboard
// would download its mood prompt a moment later, maybe while the server restarts).
const TARGET = '/settings/notifications';
const TARGET_CHUNK = /^settings-notifications-/;

test.describe.configure({ mode: 'serial' });

const port = freePort();
const baseURL = `http://127.0.0.1:${port}`;
// Made in beforeAll: the runner loads this file too, to list its tests.
let dataDir = '';
let builds = '';
let previousBuild = '';
let nextBuild = '';
let server: RunningServer | undefined;
let serving = '';
test.use({ baseURL });

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The build as the next deploy brings it: every file of assets/ under a new name (as a changed
// source renames the chunks that depend on it), and every reference to them rewritten. The
// compressed copies are left out (the server then sends the plain files).
function copyAsNextBuild(from: string, to: string) {
  cpSync(from, to, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  const assets = join(to, 'assets');
  const renamed = new Map(readdirSync(assets).map((name) => [name, name.replace(/(\.\w+)$/, '-next$1')]));
  for (const [name, next] of renamed) renameSync(join(assets, name), join(assets, next));
  const names = new RegExp(
    [...renamed.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  for (const file of listFiles(to).filter((file) => /\.(html|js|css|json)$/.test(file))) {
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(names, (name) => renamed.get(name)!),
    );
  }
}

/** A build's entry script (its manifest names it; the page's boot script adds it): which build a page runs. */
function entryOf(build: string): string {
  const manifest = JSON.parse(readFileSync(join(build, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file?: string }
  >;
  const entry = manifest['index.html']?.file;
  if (!entry) throw new Error(`no entry in ${build}'s manifest`);
  return `/${entry}`;
}

async function startWith(webDist: string) {
  serving = webDist;
  server = startServer({ port, dataDir, env: { WEB_DIST: webDist, PUBLIC_URL: baseURL, LOG_LEVEL: 'warn' } });
  await server.waitHealthy(200_000);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const built = join(repoRoot, 'apps/web/dist');
  // The run's own server (playwright.config.ts) built it before any spec ran.
  expect(existsSync(join(built, 'index.html')), 'apps/web/dist is built').toBe(true);
  dataDir = freshDataDir('deploy');
  builds = mkdtempSync(join(tmpdir(), 'habitrack-e2e-builds-'));
  previousBuild = join(builds, 'previous');
  nextBuild = join(builds, 'next');
  cpSync(built, previousBuild, { recursive: true });
  copyAsNextBuild(previousBuild, nextBuild);
  await startWith(previousBuild);
});

test.afterAll(async () => {
  await server?.stop();
  if (builds) rmSync(builds, { recursive: true, force: true });
  if (dataDir && !process.env.E2E_KEEP_DATA) rmSync(dirname(dataDir), { recursive: true, force: true });
});

// What the page loads as a document (its own origin's, not the sign-in provider's), and which of
// the build's files answer 404.
function watch(page: Page) {
  const seen = { documents: [] as string[], missing: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame() && url.origin === baseURL) {
      seen.documents.push(url.pathname);
    }
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 404 && url.pathname.startsWith('/assets/')) seen.missing.push(url.pathname);
  });
  return seen;
}

async function openMyData(page: Page) {
  await signInAs(page, { ...MEMBER, path: '/settings/data' });
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'My data' })).toBeVisible();
}

function openTargetFromHeader(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: 'Notifications' }).click();
}

async function pageEntry(page: Page): Promise<string | null> {
  return page.locator('script[type="module"][src]').getAttribute('src');
}

test('a tab still on the previous build reloads once into the new build when it opens another screen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const seen = watch(page);
  await openMyData(page);
  expect(await pageEntry(page)).toBe(entryOf(previousBuild));
  // Nothing left to download while the server restarts: this is about the deploy, not the downtime.
  await page.waitForLoadState('networkidle');
  const documentsBefore = seen.documents.length;

  // The deploy: the server restarts with the next build; the previous build's files are gone.
  await server?.stop();
  await startWith(nextBuild);

  await openTargetFromHeader(page);

  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(TARGET)}$`));
  expect(await pageEntry(page)).toBe(entryOf(nextBuild));
  // The previous build's chunk was asked for and missing: that is what the page recovered from.
  expect(seen.missing.some((path) => TARGET_CHUNK.test(path.replace('/assets/', '')))).toBe(true);
  expect(seen.missing.every((path) => !path.includes('-next.'))).toBe(true);
  // One page load, of the screen opened, and no more after it.
  await page.waitForTimeout(2_000);
  expect(seen.documents.slice(documentsBefore)).toEqual([TARGET]);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('a chunk missing from the build the server still sends shows the error with a Reload button, no reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A chunk of the build the server sends goes missing while a tab has it open.
  const assets = join(serving, 'assets');
  const aside = join(builds, 'aside');
  mkdirSync(aside, { recursive: true });
  const hidden = readdirSync(assets).filter((name) => TARGET_CHUNK.test(name));
  expect(hidden.length).toBeGreaterThan(0);
  const seen = watch(page);
  await openMyData(page);
  const documentsBefore = seen.documents.length;

  try {
    for (const name of hidden) renameSync(join(assets, name), join(aside, name));

    await openTargetFromHeader(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/could not be downloaded.*Reload the page/)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(TARGET)}$`));
    expect(seen.missing.some((path) => TARGET_CHUNK.test(path.replace('/assets/', '')))).toBe(true);
    // A reload would bring the same build: none happens.
    await page.waitForTimeout(2_000);
    expect(seen.documents.slice(documentsBefore)).toEqual([]);
  } finally {
    for (const name of hidden) renameSync(join(aside, name), join(assets, name));
  }

  // With the chunk back, the Reload button brings the screen.
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  expect(seen.documents.slice(documentsBefore)).toEqual([TARGET]);
});
