import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toDayKey } from './dates.ts';
import { storedItem } from './storage.ts';

// The last look of the member's own screens, kept in this browser beside the answers they were
// drawn from (lib/persisted-queries.ts), so that the next visit's page paints it before any of the
// app's code has arrived; the app then replaces it with the live screen. Decision 026
// (docs/decisions/026-the-kept-screen.md). Rules:
// - only the member's own screens and the insights are kept (app/screen-paths.ts's KEPT_SCREEN_PATHS),
//   once every answer on them is in and nothing is loading, open, failed or being sent;
// - the screens belong to one account and one local day, like the answers; signing out, Reset or
//   another account clears them with the answers (clearQuerySnapshot);
// - each names the build that drew it and the sign-in SDK's entries that held the session; the
//   page shows it only for that build, while those entries are still there, in the same language,
//   and never clickable (inert) or read out: the live screen takes over for that.
// Read by the build's boot script (apps/web/boot-preload.ts), which shows it.

const MAX_SCREENS = 8;
// A screen larger than this is not kept (the storage is shared with the kept answers).
const MAX_HTML_LENGTH = 200_000;

const ZKeptScreen = z.object({
  html: z.string(),
  lang: z.string(),
  dir: z.string(),
  // Mantine's colour scheme, which its rules select on <html> (its generated rules, the theme's
  // CSS variables, are in the markup: Mantine renders them inside the app).
  scheme: z.string(),
});
const ZKeptScreens = z.object({
  account: z.string().min(1),
  date: z.string(),
  build: z.string(),
  sessionKeys: z.array(z.string()).min(1),
  screens: z.record(z.string(), ZKeptScreen),
});
export type TKeptScreens = z.infer<typeof ZKeptScreens>;

export const keptScreens = storedItem('keptScreens', ZKeptScreens);

// What the kept look of a screen is taken with.
export type TScreenKeeping = {
  client: QueryClient;
  // Whether the screen at this address may be kept (KEPT_SCREEN_PATHS of app/screen-paths.ts).
  keepsPath: (pathname: string) => boolean;
  account: string;
  // The sign-in SDK's storage entries that hold this account's session now.
  sessionKeys: () => string[];
  today?: () => string;
  // How long the screen must stay unchanged before it is kept.
  settleMs?: number;
};

// The build's entry file, as the page's script that loaded the app names it (the boot script adds
// it to the page; the Login page's own script too).
function entryFile(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

// Whether the screen inside `root` may be kept as it is now.
function keepable(root: HTMLElement, { client, keepsPath }: TScreenKeeping, path: string): boolean {
  if (!keepsPath(path) || client.isFetching() > 0 || client.isMutating() > 0) return false;
  const active = client.getQueryCache().findAll({ type: 'active' });
  if (active.length === 0 || active.some((query) => query.state.status !== 'success')) return false;
  // A menu or list open, something loading or waiting for an answer is not the screen's look (an
  // open section of the screen, an accordion's, is); nor is a state the screen marks as one the next
  // visit does not open in (`data-not-kept`: the insights for another period than the first): the
  // look kept before it stays.
  return !root.querySelector(
    '[aria-haspopup][aria-expanded="true"], [aria-busy="true"], [data-loading], .mantine-Skeleton-root[data-visible], [data-not-kept]',
  );
}

export function keepScreen(root: HTMLElement, options: TScreenKeeping, path = window.location.pathname): boolean {
  const { account } = options;
  const build = entryFile();
  if (!build || !keepable(root, options, path)) return false;
  const sessionKeys = options.sessionKeys();
  const html = root.innerHTML;
  if (sessionKeys.length === 0 || html.length === 0 || html.length > MAX_HTML_LENGTH) return false;
  const date = (options.today ?? toDayKey)();
  const kept = keptScreens.read();
  const same = kept && kept.account === account && kept.date === date && kept.build === build;
  const screens = Object.entries(same ? kept.screens : {}).filter(([keptPath]) => keptPath !== path);
  const page = document.documentElement;
  const screen = {
    html,
    lang: page.lang,
    dir: page.dir || 'ltr',
    scheme: page.getAttribute('data-mantine-color-scheme') ?? '',
  };
  keptScreens.write({
    account,
    date,
    build,
    sessionKeys,
    screens: Object.fromEntries([...screens.slice(-(MAX_SCREENS - 1)), [path, screen]]),
  });
  return true;
}

// The app's first render has replaced the kept screen: the page is live again.
export function releaseKeptScreen(root: HTMLElement): void {
  if (!root.hasAttribute('data-kept-screen')) return;
  root.removeAttribute('data-kept-screen');
  root.inert = false;
}

// Keeps the screen inside `root` each time it has settled (no change for `settleMs`); returns the
// function that stops.
export function keepScreens(root: HTMLElement, options: TScreenKeeping): () => void {
  const settleMs = options.settleMs ?? 600;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => keepScreen(root, options), settleMs);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  // An answer that changes nothing on screen still ends a load the screen was waiting for.
  const unsubscribe = options.client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated') schedule();
  });
  schedule();
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    unsubscribe();
  };
}
