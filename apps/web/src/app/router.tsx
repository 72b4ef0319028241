import { Navigate, type RouteObject } from 'react-router';
import { BrandLoading } from './layout/brand-loading.tsx';
import { Callback } from './routes/callback.tsx';
import { NotFound } from './routes/not-found.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SignedInLayout } from './routes/signed-in-layout.tsx';

const HABIT_SELECTION_PATH = '/programme/behaviour-habit-selection';

// `replace` keeps the alias out of history, so Back does not bounce through the redirect again.
const redirectTo = (path: string) => <Navigate to={path} replace />;

// Each screen is its own chunk: a lazy route, downloaded when first opened (the build lists them
// in screen-paths.ts to preload the opened one with the page). The router starts that download as
// soon as it is created, while the runtime config, the sign-in SDK and the account check load. A
// download that fails because the server has a newer build reloads the page into it (app.tsx,
// lib/stale-build.ts); any other failed download is the route's error (RouteError offers a reload).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/callback', element: <Callback /> },
      {
        // An e-mail's unsubscribe link: no sign-in (decision 015).
        path: '/notifications/unsubscribe',
        HydrateFallback: BrandLoading,
        lazy: async () => ({ Component: (await import('./routes/unsubscribe.tsx')).Unsubscribe }),
      },
      {
        // Until the opened screen's code arrives, the frame is already there and its content area
        // says "Loading page" (SignedInLayout, with no screen in its outlet yet).
        Component: SignedInLayout,
        HydrateFallback: SignedInLayout,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home.tsx')).Home }) },
          { path: '/login', element: redirectTo('/programme/intro') },
          {
            path: '/programme/intro',
            lazy: async () => ({ Component: (await import('./routes/programme-intro.tsx')).ProgrammeIntro }),
          },
          { path: '/programme/behaviour-selection', element: redirectTo(HABIT_SELECTION_PATH) },
          { path: '/programme/habit-selection', element: redirectTo(HABIT_SELECTION_PATH) },
          {
            path: HABIT_SELECTION_PATH,
            lazy: async () => ({
              Component: (await import('./routes/behaviour-habit-selection.tsx')).BehaviourHabitSelection,
            }),
          },
          {
            path: '/programme/dashboard',
            lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).Dashboard }),
          },
          {
            path: '/programme/cohort',
            lazy: async () => ({ Component: (await import('./routes/cohort.tsx')).Cohort }),
          },
          {
            path: '/programme/endorsements',
            lazy: async () => ({ Component: (await import('./routes/endorsements.tsx')).Endorsements }),
          },
          {
            path: '/programme/habit-track/:habitId',
            lazy: async () => ({ Component: (await import('./routes/habit-track.tsx')).HabitTrack }),
          },
          {
            path: '/programme/habits/:userHabitId/history',
            lazy: async () => ({ Component: (await import('./routes/habit-history.tsx')).HabitHistory }),
          },
          {
            path: '/leader/goals-setup',
            lazy: async () => ({ Component: (await import('./routes/leader-goals-setup.tsx')).LeaderGoalsSetup }),
          },
          {
            path: '/team-leader/kpi-setup',
            lazy: async () => ({ Component: (await import('./routes/team-leader-kpi-setup.tsx')).TeamLeaderKpiSetup }),
          },
          {
            path: '/leader/insights',
            lazy: async () => ({ Component: (await import('./routes/leader-insights.tsx')).LeaderInsights }),
          },
          {
            path: '/team-leader/insights',
            lazy: async () => ({ Component: (await import('./routes/team-leader-insights.tsx')).TeamLeaderInsights }),
          },
          {
            path: '/settings/notifications',
            lazy: async () => ({
              Component: (await import('./routes/settings-notifications.tsx')).SettingsNotifications,
            }),
          },
          {
            path: '/settings/data',
            lazy: async () => ({ Component: (await import('./routes/settings-data.tsx')).SettingsData }),
          },
          // The administration console (issue 21), one chunk for all its sections.
          { path: '/admin', element: redirectTo('/admin/people') },
          {
            path: '/admin/:section',
            lazy: async () => ({ Component: (await import('./routes/admin.tsx')).Admin }),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
