import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStoredItem } from './storage.ts';
import {
  addressOpened,
  browserPage,
  createReloadOnce,
  isChunkLoadError,
  reloadingStaleRoutes,
  reloadOnce,
  reloadOnPreloadError,
  REPEAT_WINDOW_MS,
  type TLastReload,
} from './stale-build.ts';

const CHUNK_GONE = 'Failed to fetch dynamically imported module: http://localhost:3000/assets/cohort-DdNLykD5.js';

// One browser tab: its session storage outlives its pages; each `page()` is a newly loaded page.
// The page runs build `build`; the server sends `serverBuild` (undefined: it does not answer).
function fakeTab({ storage = true } = {}) {
  let kept: TLastReload | undefined;
  const lastReload: TStoredItem<TLastReload> = {
    read: () => (kept ? { ...kept } : undefined),
    write: (value) => {
      if (storage) kept = { ...value };
    },
    remove: () => (kept = undefined),
  };
  const tab = {
    build: '/assets/index-aaa.js',
    serverBuild: '/assets/index-bbb.js' as string | undefined,
    questions: 0,
    time: 1_000_000,
    loads: [] as string[],
    page: () =>
      createReloadOnce({
        lastReload,
        build: () => tab.build,
        serverBuild: async () => {
          tab.questions += 1;
          return tab.serverBuild;
        },
        now: () => tab.time,
        load: (url) => tab.loads.push(url),
      }),
  };
  return tab;
}

describe('isChunkLoadError', () => {
  it.each([
    CHUNK_GONE,
    'error loading dynamically imported module: http://localhost:3000/assets/cohort-DdNLykD5.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/endorsements-CRpeuCOq.css',
  ])('recognises a chunk that could not be downloaded: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'Cohort')"))).toBe(false);
    expect(isChunkLoadError(CHUNK_GONE)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('createReloadOnce', () => {
  it('loads the address being opened once the server sends a newer build, however often the page asks', async () => {
    const tab = fakeTab();
    const reload = tab.page();

    expect(await Promise.all([reload('/programme/cohort'), reload('/programme/cohort')])).toEqual([true, true]);
    expect(await reload('/settings/data')).toBe(true);
    expect(tab.loads).toEqual(['/programme/cohort']);
    // One question to the server for the two failures at once, none once the page is leaving.
    expect(tab.questions).toBe(1);
  });

  it('does not reload when the server sends the same build or does not answer (restarting, offline)', async () => {
    const tab = fakeTab();
    tab.serverBuild = tab.build;
    expect(await tab.page()('/programme/cohort')).toBe(false);
    tab.serverBuild = undefined;
    expect(await tab.page()('/programme/cohort')).toBe(false);
    expect(tab.loads).toEqual([]);

    // Once the server answers with the newer build, it does.
    tab.serverBuild = '/assets/index-bbb.js';
    expect(await tab.page()('/programme/cohort')).toBe(true);
    expect(tab.loads).toEqual(['/programme/cohort']);
  });

  it('does not reload again when the reload brought the same build and it fails at the same address', async () => {
    const tab = fakeTab();
    await tab.page()('/programme/cohort');
    tab.time += 3_000;

    expect(await tab.page()('/programme/cohort')).toBe(false);
    tab.time += REPEAT_WINDOW_MS - 3_001;
    expect(await tab.page()('/programme/cohort')).toBe(false);
    expect(tab.loads).toEqual(['/programme/cohort']);
  });

  it('reloads again from a newer build, for another address, or once the window has passed', async () => {
    const tab = fakeTab();
    await tab.page()('/programme/cohort');

    tab.build = '/assets/index-bbb.js';
    tab.serverBuild = '/assets/index-ccc.js';
    expect(await tab.page()('/programme/cohort')).toBe(true);
    expect(await tab.page()('/settings/data')).toBe(true);
    tab.time += REPEAT_WINDOW_MS;
    expect(await tab.page()('/settings/data')).toBe(true);
    expect(tab.loads).toEqual(['/programme/cohort', '/programme/cohort', '/settings/data', '/settings/data']);
  });

  it('does not reload when the tab cannot remember it (storage disabled)', async () => {
    const tab = fakeTab({ storage: false });
    expect(await tab.page()('/programme/cohort')).toBe(false);
    expect(tab.loads).toEqual([]);
  });
});

describe("this page's reloadOnce", () => {
  // As the build writes index.html: the boot script adds the entry, a meta element names it.
  const serverPage = (entry: string) =>
    `<!doctype html><html><head><meta name="habitrack-entry" content="${entry}"><script src="/assets/boot-preload-x.js"></script></head><body></body></html>`;
  let entry: HTMLScriptElement;

  beforeEach(() => {
    sessionStorage.clear();
    entry = document.createElement('script');
    entry.type = 'module';
    entry.setAttribute('src', '/assets/index-aaa.js');
    document.head.append(entry);
  });
  afterEach(() => {
    entry.remove();
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  // Before the test that reloads: once this page has started a reload, every call answers true.
  it("compares this page's entry script with the one the server's index.html names", async () => {
    const load = vi.spyOn(browserPage, 'load').mockImplementation(() => {});
    const fetchPage = vi.fn(async () => new Response(serverPage('/assets/index-aaa.js')));
    vi.stubGlobal('fetch', fetchPage);
    expect(await reloadOnce('/programme/cohort')).toBe(false);
    expect(fetchPage).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));

    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await reloadOnce('/programme/cohort')).toBe(false);
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    expect(await reloadOnce('/programme/cohort')).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('remembers the reload in the tab (sessionStorage) and loads the address as a new page', async () => {
    const load = vi.spyOn(browserPage, 'load').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response(serverPage('/assets/index-bbb.js')));

    expect(await reloadOnce('/programme/cohort?tab=1')).toBe(true);
    expect(load).toHaveBeenCalledExactlyOnceWith('/programme/cohort?tab=1');
    expect(JSON.parse(sessionStorage.getItem('staleBuildReload') ?? 'null')).toMatchObject({
      build: '/assets/index-aaa.js',
      target: '/programme/cohort?tab=1',
    });
  });
});

describe('reloadingStaleRoutes', () => {
  const failing =
    (message: string): RouteObject['lazy'] =>
    async () => {
      throw new TypeError(message);
    };

  function routerWith(lazy: RouteObject['lazy'], reload: (target: string) => Promise<boolean>) {
    const routes: RouteObject[] = [
      { path: '/', element: null },
      { path: '/programme', children: [{ path: 'cohort', lazy }] },
    ];
    const router = createMemoryRouter(
      reloadingStaleRoutes(routes, () => addressOpened(router), reload),
      { initialEntries: ['/'] },
    );
    return router;
  }

  it('reloads at the address being opened when its chunk is gone, and stays on the way there', async () => {
    const reload = vi.fn(async () => true);
    const router = routerWith(failing(CHUNK_GONE), reload);

    void router.navigate('/programme/cohort?week=2');

    await vi.waitFor(() => expect(reload).toHaveBeenCalledExactlyOnceWith('/programme/cohort?week=2'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.navigation.state).toBe('loading');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.errors).toBeNull();
    router.dispose();
  });

  it("makes the download's error the route's when the reload is refused", async () => {
    const reload = vi.fn(async () => false);
    const router = routerWith(failing(CHUNK_GONE), reload);

    await router.navigate('/programme/cohort');

    expect(reload).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/programme/cohort');
    expect(Object.values(router.state.errors ?? {})).toEqual([new TypeError(CHUNK_GONE)]);
    router.dispose();
  });

  it('does not reload for any other error of a lazy route', async () => {
    const reload = vi.fn(async () => true);
    const router = routerWith(failing('Cohort is not defined'), reload);

    await router.navigate('/programme/cohort');

    expect(reload).not.toHaveBeenCalled();
    expect(Object.values(router.state.errors ?? {})).toEqual([new TypeError('Cohort is not defined')]);
    router.dispose();
  });

  it('leaves the routes given as they were', () => {
    const lazy = failing(CHUNK_GONE);
    const routes: RouteObject[] = [{ path: '/programme', children: [{ path: 'cohort', lazy }] }];

    reloadingStaleRoutes(routes, () => '/');

    expect(routes[0]?.children?.[0]?.lazy).toBe(lazy);
  });
});

describe('reloadOnPreloadError', () => {
  it("reloads at the address being opened on Vite's vite:preloadError, until unsubscribed", () => {
    const reload = vi.fn(async () => true);
    const unsubscribe = reloadOnPreloadError(() => '/settings/data', reload);

    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledExactlyOnceWith('/settings/data');
    // The error still reaches the code that asked for the chunk.
    expect(event.defaultPrevented).toBe(false);

    unsubscribe();
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
