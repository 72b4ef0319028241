import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepScreen, keepScreens, keptScreens, releaseKeptScreen, type TScreenKeeping } from './kept-screens.ts';
import { clearQuerySnapshot } from './persisted-queries.ts';

const ALICE = 'auth0:alice';
const ENTRY = '/assets/index-abc123.js';
const DASHBOARD = '/programme/dashboard';

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

// A query a screen shows: observed (active), answered or not.
async function shown(client: QueryClient, key: unknown[], answer: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: key, queryFn: answer });
  const unsubscribe = observer.subscribe(() => {});
  await observer.refetch().catch(() => undefined);
  return unsubscribe;
}

function options(client: QueryClient, overrides: Partial<TScreenKeeping> = {}): TScreenKeeping {
  return {
    client,
    keepsPath: (path) => path.startsWith('/programme/'),
    account: ALICE,
    sessionKeys: () => ['@@auth0spajs@@::client::@@user@@'],
    today: () => '2026-11-28',
    ...overrides,
  };
}

// The test files share one document (Vitest's isolate: false): what is changed here is put back.
describe('kept screens', () => {
  let root: HTMLElement;
  let entry: HTMLScriptElement;
  const page = document.documentElement;
  const before = { lang: page.lang, dir: page.dir, scheme: page.getAttribute('data-mantine-color-scheme'), path: '' };

  beforeEach(() => {
    before.path = window.location.pathname;
    localStorage.clear();
    entry = document.createElement('script');
    entry.type = 'module';
    entry.src = ENTRY;
    document.head.prepend(entry);
    page.lang = 'de-DE';
    page.dir = 'ltr';
    page.setAttribute('data-mantine-color-scheme', 'light');
    root = document.createElement('div');
    root.innerHTML = '<main><h1>Dashboard</h1><p>Welcome back, Alice!</p></main>';
    document.body.append(root);
  });

  afterEach(() => {
    entry.remove();
    root.remove();
    page.lang = before.lang;
    page.dir = before.dir;
    if (before.scheme === null) page.removeAttribute('data-mantine-color-scheme');
    else page.setAttribute('data-mantine-color-scheme', before.scheme);
    window.history.replaceState(null, '', before.path);
    localStorage.clear();
  });

  it('keeps the screen as it is once its answers are in, for the account, day, build and session', async () => {
    const client = newClient();
    await shown(client, ['dashboard'], () => Promise.resolve({ habits: [] }));

    expect(keepScreen(root, options(client), DASHBOARD)).toBe(true);
    expect(keptScreens.read()).toEqual({
      account: ALICE,
      date: '2026-11-28',
      build: ENTRY,
      sessionKeys: ['@@auth0spajs@@::client::@@user@@'],
      screens: {
        [DASHBOARD]: { html: root.innerHTML, lang: 'de-DE', dir: 'ltr', scheme: 'light' },
      },
    });
  });

  it('keeps nothing while an answer is awaited or failed, something is open or busy, or elsewhere', async () => {
    const client = newClient();
    let answer: (value: unknown) => void = () => {};
    const unsubscribe = await shown(client, ['dashboard'], () => Promise.resolve({}));
    const pending = new QueryObserver(client, {
      queryKey: ['social', 'cohort'],
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });
    const stop = pending.subscribe(() => {});
    expect(keepScreen(root, options(client), DASHBOARD)).toBe(false);
    answer({ members: [] });
    await client.refetchQueries({ queryKey: ['social'] }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    unsubscribe();

    const failing = newClient();
    await shown(failing, ['dashboard'], () => Promise.reject(new Error('offline')));
    expect(keepScreen(root, options(failing), DASHBOARD)).toBe(false);

    const client2 = newClient();
    await shown(client2, ['dashboard'], () => Promise.resolve({}));
    root.insertAdjacentHTML('beforeend', '<button aria-haspopup="menu" aria-expanded="true">Demo tools</button>');
    expect(keepScreen(root, options(client2), DASHBOARD)).toBe(false);
    root.querySelector('button')!.remove();
    // An open section of the screen itself (an accordion's) is part of its look.
    root.insertAdjacentHTML('beforeend', '<button aria-expanded="true">Communication</button>');
    expect(keepScreen(root, options(client2), DASHBOARD)).toBe(true);
    root.querySelector('button')!.remove();
    localStorage.clear();
    root.insertAdjacentHTML('beforeend', '<button data-loading="true">Save</button>');
    expect(keepScreen(root, options(client2), DASHBOARD)).toBe(false);
    root.querySelector('button')!.remove();

    expect(keepScreen(root, options(client2), '/leader/insights')).toBe(false);
    expect(keepScreen(root, options(client2, { sessionKeys: () => [] }), DASHBOARD)).toBe(false);
    entry.remove();
    expect(keepScreen(root, options(client2), DASHBOARD)).toBe(false);
    expect(keptScreens.read()).toBeUndefined();
  });

  it('keeps the look kept before while the screen shows a state the next visit does not open in', async () => {
    const client = newClient();
    await shown(client, ['insights', '4w'], () => Promise.resolve({}));
    expect(keepScreen(root, options(client), DASHBOARD)).toBe(true);
    const first = keptScreens.read()!.screens[DASHBOARD]!.html;
    root.innerHTML = '<main data-not-kept><h1>Dashboard</h1><p>Another period</p></main>';
    expect(keepScreen(root, options(client), DASHBOARD)).toBe(false);
    expect(keptScreens.read()!.screens[DASHBOARD]!.html).toBe(first);
  });

  it('starts afresh for another day, account or build, and holds at most eight screens', async () => {
    const client = newClient();
    await shown(client, ['dashboard'], () => Promise.resolve({}));
    for (let n = 1; n <= 9; n++) keepScreen(root, options(client), `/programme/habit-track/${n}`);
    const paths = Object.keys(keptScreens.read()!.screens);
    expect(paths).toHaveLength(8);
    expect(paths).not.toContain('/programme/habit-track/1');
    expect(paths.at(-1)).toBe('/programme/habit-track/9');

    keepScreen(root, options(client, { today: () => '2026-11-29' }), DASHBOARD);
    expect(Object.keys(keptScreens.read()!.screens)).toEqual([DASHBOARD]);
    keepScreen(root, options(client, { account: 'auth0:bob', today: () => '2026-11-29' }), '/programme/cohort');
    expect(keptScreens.read()).toMatchObject({ account: 'auth0:bob', screens: { '/programme/cohort': {} } });
    expect(Object.keys(keptScreens.read()!.screens)).toEqual(['/programme/cohort']);
  });

  it('keeps the screen each time it settles, and is forgotten with the kept answers', async () => {
    const client = newClient();
    await shown(client, ['dashboard'], () => Promise.resolve({}));
    window.history.replaceState(null, '', DASHBOARD);
    const stop = keepScreens(root, { ...options(client), settleMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(keptScreens.read()?.screens[DASHBOARD]?.html).toContain('Welcome back, Alice!');
    root.querySelector('p')!.textContent = 'Welcome back, Alice! Two habits done.';
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(keptScreens.read()?.screens[DASHBOARD]?.html).toContain('Two habits done.');
    stop();

    clearQuerySnapshot();
    expect(keptScreens.read()).toBeUndefined();
  });

  it('makes the page live again once the app has replaced the kept screen', () => {
    root.setAttribute('data-kept-screen', '');
    root.inert = true;
    releaseKeptScreen(root);
    expect(root.hasAttribute('data-kept-screen')).toBe(false);
    expect(root.inert).toBe(false);
  });
});
