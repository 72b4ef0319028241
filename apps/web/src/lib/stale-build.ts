import { createPath, type DataRouter, type RouteObject } from 'react-router';
import { z } from 'zod';
import { storedItem, type TStoredItem } from './storage.ts';

// A tab keeps running the build it loaded. Once the server has a newer build, the old build's
// chunks are gone (404): the next screen the tab opens for the first time cannot download its code.
// When a download fails and the server's index.html names another build than this page's, one
// full page load of the address being opened brings the new build (index.html is always
// revalidated, apps/api/src/plugins/spa.ts) and shows the screen. A download that fails for any
// other reason (the server restarting, the connection dropped) reloads nothing: a reload would
// only show the browser's own error page. The tab remembers the reload (sessionStorage): if the
// same build fails again at the same address soon after, the reload did not help (a cache in
// between still sends the old build) and the route's error shows instead of a loop of reloads.

// Long enough that a slow connection cannot loop, reloading once per window.
export const REPEAT_WINDOW_MS = 5 * 60_000;

const lastReloadSchema = z.object({
  build: z.string(),
  target: z.string(),
  at: z.number(),
});
export type TLastReload = z.infer<typeof lastReloadSchema>;

// How a failed dynamic import reads in Chromium, Firefox and Safari, and Vite's preload of a
// chunk's style sheet.
const FAILED_DOWNLOAD = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** Whether `error` is a chunk of the app that could not be downloaded (a failed dynamic import). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && FAILED_DOWNLOAD.some((pattern) => pattern.test(error.message));
}

export type TPageEnvironment = {
  lastReload: TStoredItem<TLastReload>;
  /** The build this page runs (its entry script's address, hashed by the build). */
  build: () => string;
  /** The build the server sends now, or undefined when it cannot be known (no answer). */
  serverBuild: () => Promise<string | undefined>;
  now: () => number;
  /** Loads `url` as a new page. */
  load: (url: string) => void;
};

/**
 * For one page: `reloadOnce(target)` loads `target` afresh and answers true when the server sends
 * another build than this page's, unless this build already did so for `target` less than
 * REPEAT_WINDOW_MS ago or the tab cannot remember the reload (storage disabled); otherwise it
 * answers false and does nothing. Once the page has started a reload, every later call answers
 * true without another.
 */
export function createReloadOnce(page: TPageEnvironment): (target: string) => Promise<boolean> {
  let leaving = false;
  // One question to the server at a time, for the several failures of one download.
  let asking: Promise<string | undefined> | undefined;
  return async (target) => {
    if (leaving) return true;
    asking ??= page.serverBuild().finally(() => (asking = undefined));
    const serverBuild = await asking;
    if (leaving) return true;
    const build = page.build();
    if (serverBuild === undefined || serverBuild === build) return false;
    const reload = { build, target, at: page.now() };
    const last = page.lastReload.read();
    if (last && last.build === build && last.target === target && reload.at - last.at < REPEAT_WINDOW_MS) {
      return false;
    }
    page.lastReload.write(reload);
    const kept = page.lastReload.read();
    if (kept?.build !== build || kept.target !== target || kept.at !== reload.at) return false;
    leaving = true;
    page.load(target);
    return true;
  };
}

// The browser's side, an object so that tests can replace its methods.
export const browserPage = {
  load: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};

function entryScript(page: Document): string | undefined {
  return page.querySelector('script[type="module"][src]')?.getAttribute('src') ?? undefined;
}

// The entry script named by the server's index.html, asked past every cache: the page's boot
// script adds the entry (apps/web/boot-preload.ts), and a meta element names it.
async function serverEntryScript(): Promise<string | undefined> {
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!response.ok) return undefined;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    return page.querySelector('meta[name="habitrack-entry"]')?.getAttribute('content') ?? entryScript(page);
  } catch {
    return undefined;
  }
}

/** This page's `createReloadOnce`. */
export const reloadOnce = createReloadOnce({
  lastReload: storedItem('staleBuildReload', lastReloadSchema, 'session'),
  build: () => entryScript(document) ?? '',
  serverBuild: serverEntryScript,
  now: () => Date.now(),
  load: (url) => browserPage.load(url),
});

type TRouterState = Pick<DataRouter, 'state'>;

/** Where `router` is going (the address being opened), or where it is. */
export function addressOpened(router: TRouterState): string {
  return createPath(router.state.navigation.location ?? router.state.location);
}

/**
 * `routes` with every lazy route's failed download of a stale build turned into a reload of the
 * address being opened (`target()`); the route then stays loading until the new page replaces
 * this one. When the reload is refused, the download's error is the route's, as before.
 */
export function reloadingStaleRoutes(
  routes: RouteObject[],
  target: () => string,
  reload: (target: string) => Promise<boolean> = reloadOnce,
): RouteObject[] {
  return routes.map((route) => {
    const copy = { ...route };
    const lazy = route.lazy;
    if (typeof lazy === 'function') {
      copy.lazy = () =>
        lazy().catch(async (error: unknown) => {
          if (isChunkLoadError(error) && (await reload(target()))) return new Promise<never>(() => {});
          throw error;
        });
    }
    if (route.children) copy.children = reloadingStaleRoutes(route.children, target, reload);
    return copy as RouteObject;
  });
}

/**
 * Vite's preload helper reports every failed download of a chunk (a screen's, the sign-in SDK's, a
 * chart's) with a `vite:preloadError` event: reloads the address being opened. The error still
 * reaches the code that asked for the chunk (the event is not cancelled). Returns the unsubscribe.
 */
export function reloadOnPreloadError(
  target: () => string,
  reload: (target: string) => Promise<boolean> = reloadOnce,
): () => void {
  const onPreloadError = () => void reload(target());
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
