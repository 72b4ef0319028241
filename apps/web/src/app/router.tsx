import { Navigate, type RouteObject } from 'react-router';
import { BehaviourHabitSelection } from './routes/behaviour-habit-selection.tsx';
import { Callback } from './routes/callback.tsx';
import { Cohort } from './routes/cohort.tsx';
import { Dashboard } from './routes/dashboard.tsx';
import { HabitTrack } from './routes/habit-track.tsx';
import { Home } from './routes/home.tsx';
import { LeaderGoalsSetup } from './routes/leader-goals-setup.tsx';
import { NotFound } from './routes/not-found.tsx';
import { ProgrammeIntro } from './routes/programme-intro.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SignedInLayout } from './routes/signed-in-layout.tsx';
import { TeamLeaderKpiSetup } from './routes/team-leader-kpi-setup.tsx';

const HABIT_SELECTION_PATH = '/programme/behaviour-habit-selection';

// `replace` keeps the alias out of history, so Back does not bounce through the redirect again.
const redirectTo = (path: string) => <Navigate to={path} replace />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/callback', element: <Callback /> },
      {
        element: <SignedInLayout />,
        children: [
          { index: true, element: <Home /> },
          { path: '/login', element: redirectTo('/programme/intro') },
          { path: '/programme/intro', element: <ProgrammeIntro /> },
          { path: '/programme/behaviour-selection', element: redirectTo(HABIT_SELECTION_PATH) },
          { path: '/programme/habit-selection', element: redirectTo(HABIT_SELECTION_PATH) },
          { path: HABIT_SELECTION_PATH, element: <BehaviourHabitSelection /> },
          { path: '/programme/dashboard', element: <Dashboard /> },
          { path: '/programme/cohort', element: <Cohort /> },
          { path: '/programme/habit-track/:habitId', element: <HabitTrack /> },
          { path: '/leader/goals-setup', element: <LeaderGoalsSetup /> },
          { path: '/team-leader/kpi-setup', element: <TeamLeaderKpiSetup /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
