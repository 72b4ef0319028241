import { describe, expect, it } from 'vitest';
import { createFlowStatus } from '../testing/factories.ts';
import { decideRoot, type TFlowState } from './root-decision.ts';

const flow = (overrides: Partial<TFlowState> = {}): TFlowState => ({ ...createFlowStatus(), ...overrides });

describe('decideRoot (docs/domain/dashboard-and-flow.md#root-route-decision)', () => {
  it('shows the terms first, whatever the role', () => {
    expect(decideRoot(flow({ navigation_path: 'terms' }))).toEqual({ kind: 'terms' });
    expect(decideRoot(flow({ navigation_path: 'terms', role: 'leader', has_organizational_goals: false }))).toEqual({
      kind: 'terms',
    });
  });

  it('sends a leader without organisational goals to goals setup', () => {
    const leader = flow({ role: 'leader', has_organizational_goals: false, navigation_path: 'onboarding' });
    expect(decideRoot(leader)).toEqual({ kind: 'redirect', to: '/leader/goals-setup' });
  });

  it('treats a leader with goals like everyone else', () => {
    const leader = flow({ role: 'leader', has_organizational_goals: true, navigation_path: 'onboarding' });
    expect(decideRoot(leader)).toEqual({ kind: 'redirect', to: '/programme/intro' });
  });

  it('sends a team leader with goals to KPI setup', () => {
    const teamLeader = flow({ role: 'team_leader', has_organizational_goals: true, navigation_path: 'dashboard' });
    expect(decideRoot(teamLeader)).toEqual({ kind: 'redirect', to: '/team-leader/kpi-setup' });
  });

  it('shows a team leader without goals the waiting message', () => {
    const teamLeader = flow({ role: 'team_leader', has_organizational_goals: false });
    expect(decideRoot(teamLeader)).toEqual({ kind: 'waiting-for-goals' });
  });

  it('sends a member on the onboarding path to the intro, even with active habits', () => {
    expect(decideRoot(flow({ navigation_path: 'onboarding', has_active_habits: true }))).toEqual({
      kind: 'redirect',
      to: '/programme/intro',
    });
  });

  it('sends a member on the dashboard path to the dashboard, even without active habits', () => {
    expect(decideRoot(flow({ navigation_path: 'dashboard', has_active_habits: false }))).toEqual({
      kind: 'redirect',
      to: '/programme/dashboard',
    });
  });

  it('decides by active habits when the status names no path', () => {
    expect(decideRoot(flow({ navigation_path: null, has_active_habits: true }))).toEqual({
      kind: 'redirect',
      to: '/programme/dashboard',
    });
    expect(decideRoot(flow({ navigation_path: null, has_active_habits: false }))).toEqual({
      kind: 'redirect',
      to: '/programme/intro',
    });
  });

  it('ignores goals for members', () => {
    expect(decideRoot(flow({ has_organizational_goals: false }))).toEqual({
      kind: 'redirect',
      to: '/programme/dashboard',
    });
  });
});
