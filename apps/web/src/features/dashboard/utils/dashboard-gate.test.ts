import { describe, expect, it } from 'vitest';
import { createFlowStatus } from '../testing/factories.ts';
import { dashboardGate } from './dashboard-gate.ts';

describe('dashboardGate', () => {
  it.each([
    [{ role: 'leader', has_organizational_goals: false }, { status: 'goals-setup' }],
    [{ role: 'team_leader', has_organizational_goals: false }, { status: 'waiting-for-goals' }],
    [
      { role: 'member', has_organizational_goals: false },
      { status: 'ready', needsMoodEntry: false },
    ],
    [
      { role: 'team_leader', has_organizational_goals: true },
      { status: 'ready', needsMoodEntry: false },
    ],
    [{ needs_mood_entry: true }, { status: 'ready', needsMoodEntry: true }],
    [
      { needs_mood_entry: true, navigation_path: 'onboarding' },
      { status: 'ready', needsMoodEntry: false },
    ],
  ] as const)('%o -> %o', (flow, gate) => {
    expect(dashboardGate(createFlowStatus(flow))).toEqual(gate);
  });

  it('shows the dashboard without a mood prompt when the flow status is unknown', () => {
    expect(dashboardGate(null)).toEqual({ status: 'ready', needsMoodEntry: false });
  });
});
