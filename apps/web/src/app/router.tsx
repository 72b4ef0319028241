import { type ComponentType, useEffect, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../components/ui/loading-state.tsx';
import { Callback } from './routes/callback.tsx';
import { NotFound } from './routes/not-found.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SignedInLayout } from './routes/signed-in-layout.tsx';

const HABIT_SELECTION_PATH = '/programme/behaviour-habit-selection';

// `replace` keeps the alias out of history, so Back does not bounce through the redirect again.
const redirectTo = (path: string) => <Navigate to={path} replace />;

// Settles when a screen is first on screen (see whenScreenShown).
let markScreenShown: () => void = () => {};
const screenShown = new Promise<void>((resolve) => (markScreenShown = resolve));

// Each screen is its own chunk, downloaded when first shown; until it arrives the content area
// says so. `handle.preload` starts the download earlier: see preloadRouteChunk. No Suspense: a
// screen whose chunk has already arrived renders at once, in the same commit as its route.
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'Component' | 'handle'> {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Component) => (loaded = Component),
      (error: unknown) => {
        loading = undefined; // the next attempt downloads again
        throw error;
      },
    );
    return loading;
  };
  function Screen() {
    const [state, setState] = useState<{ Component?: ComponentType; error?: unknown }>(() => ({ Component: loaded }));
    useEffect(() => {
      if (state.Component) return;
      let current = true;
      preload().then(
        (Component) => current && setState({ Component }),
        (error: unknown) => current && setState({ error }),
      );
      return () => {
        current = false;
      };
    }, [state.Component]);
    useEffect(() => {
      if (state.Component) markScreenShown();
    }, [state.Component]);
    // A failed download is the route's error (RouteError offers a way home).
    if (state.error) throw state.error;
    return state.Component ? <state.Component /> : <LoadingState label="Loading page" />;
  }
  const handle: RouteHandle = { preload };
  return { Component: Screen, handle };
}

type RouteHandle = { preload: () => Promise<unknown> };

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/callback', element: <Callback /> },
      {
        element: <SignedInLayout />,
        children: [
          { index: true, ...screen(() => import('./routes/home.tsx').then((m) => m.Home)) },
          { path: '/login', element: redirectTo('/programme/intro') },
          {
            path: '/programme/intro',
            ...screen(() => import('./routes/programme-intro.tsx').then((m) => m.ProgrammeIntro)),
          },
          { path: '/programme/behaviour-selection', element: redirectTo(HABIT_SELECTION_PATH) },
          { path: '/programme/habit-selection', element: redirectTo(HABIT_SELECTION_PATH) },
          {
            path: HABIT_SELECTION_PATH,
            ...screen(() => import('./routes/behaviour-habit-selection.tsx').then((m) => m.BehaviourHabitSelection)),
          },
          { path: '/programme/dashboard', ...screen(() => import('./routes/dashboard.tsx').then((m) => m.Dashboard)) },
          { path: '/programme/cohort', ...screen(() => import('./routes/cohort.tsx').then((m) => m.Cohort)) },
          {
            path: '/programme/habit-track/:habitId',
            ...screen(() => import('./routes/habit-track.tsx').then((m) => m.HabitTrack)),
          },
          {
            path: '/leader/goals-setup',
            ...screen(() => import('./routes/leader-goals-setup.tsx').then((m) => m.LeaderGoalsSetup)),
          },
          {
            path: '/team-leader/kpi-setup',
            ...screen(() => import('./routes/team-leader-kpi-setup.tsx').then((m) => m.TeamLeaderKpiSetup)),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return !!handle && typeof handle === 'object' && 'preload' in handle && typeof handle.preload === 'function';
}

// Called once at startup with the address being opened: the screen's chunk then downloads while
// the runtime config, the sign-in SDK and the account check load, instead of after them. A failed
// download is retried (and reported) when the screen renders.
export function preloadRouteChunk(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    if (isRouteHandle(match.route.handle)) match.route.handle.preload().catch(() => {});
  }
}

// Settles once the screen at `pathname` has rendered (at once for an address without one, such as
// a redirect or /callback).
export function whenScreenShown(pathname: string): Promise<void> {
  const hasScreen = (matchRoutes(routes, pathname) ?? []).some((match) => isRouteHandle(match.route.handle));
  return hasScreen ? screenShown : Promise.resolve();
}
