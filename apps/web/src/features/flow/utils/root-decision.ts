import type { TNavigationPath, TUserFlowStatusResponse } from '@habitrack/contracts/auth/get-user-flow-status';

// What the root decision reads from the flow status. The path may be null: the root route decision
// keeps a last rule (active habits decide) for a status that names no path, which the fallback can
// also build (docs/domain/dashboard-and-flow.md#root-route-decision).
export type TFlowState = Pick<
  TUserFlowStatusResponse,
  'has_accepted_terms' | 'has_active_habits' | 'role' | 'has_organizational_goals'
> & {
  navigation_path: TNavigationPath | null;
};

export const INTRO_PATH = '/programme/intro';
export const DASHBOARD_PATH = '/programme/dashboard';
export const GOALS_SETUP_PATH = '/leader/goals-setup';
export const KPI_SETUP_PATH = '/team-leader/kpi-setup';

export type TRootOutcome =
  | { kind: 'terms' }
  | { kind: 'waiting-for-goals' }
  | {
      kind: 'redirect';
      to: typeof INTRO_PATH | typeof DASHBOARD_PATH | typeof GOALS_SETUP_PATH | typeof KPI_SETUP_PATH;
    };

const redirect = (to: Extract<TRootOutcome, { kind: 'redirect' }>['to']): TRootOutcome => ({ kind: 'redirect', to });

// The root route decision (docs/domain/dashboard-and-flow.md#root-route-decision), in its order:
// the terms come first because nothing else may be used before they are accepted; the role rules
// come before the path because a leader's or team leader's first task is the goals, whatever their
// habits.
export function decideRoot(flow: TFlowState): TRootOutcome {
  if (flow.navigation_path === 'terms') return { kind: 'terms' };
  if (flow.role === 'leader' && !flow.has_organizational_goals) return redirect(GOALS_SETUP_PATH);
  if (flow.role === 'team_leader') {
    return flow.has_organizational_goals ? redirect(KPI_SETUP_PATH) : { kind: 'waiting-for-goals' };
  }
  if (flow.navigation_path === 'onboarding') return redirect(INTRO_PATH);
  if (flow.navigation_path === 'dashboard') return redirect(DASHBOARD_PATH);
  return redirect(flow.has_active_habits ? DASHBOARD_PATH : INTRO_PATH);
}
