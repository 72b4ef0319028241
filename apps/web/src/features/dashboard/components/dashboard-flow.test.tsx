import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { createFlowStatus } from '../testing/factories.ts';
import { stubDashboardApi } from '../testing/stub-dashboard-api.ts';

const PATH = '/programme/dashboard';

describe('dashboard flow rules', () => {
  it('sends a leader without organisational goals to the goals setup', async () => {
    stubDashboardApi({ flow: createFlowStatus({ role: 'leader', has_organizational_goals: false }) });
    const { router } = renderRoute(PATH);

    await waitFor(() => expect(router.state.location.pathname).toBe('/leader/goals-setup'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Welcome back, Priya Sharma!')).not.toBeInTheDocument();
  });

  it('shows a leader with goals the dashboard', async () => {
    stubDashboardApi({ flow: createFlowStatus({ role: 'leader', has_organizational_goals: true }) });
    const { router } = renderRoute(PATH);

    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('shows a team leader without goals the waiting message instead of the dashboard', async () => {
    stubDashboardApi({ flow: createFlowStatus({ role: 'team_leader', has_organizational_goals: false }) });
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for Organizational Goals' })).toBeVisible();
    expect(screen.getByText(/leader is setting the organizational goals/)).toBeVisible();
    expect(screen.getByText(/define the KPIs for your departments/)).toBeVisible();
    expect(screen.getByText(/email notification/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('holds the content back until the flow status is known', async () => {
    stubDashboardApi({ flow: () => new Promise<Response>(() => {}) });
    renderRoute(PATH);

    expect(await screen.findByRole('status', { name: 'Loading your dashboard...' })).toBeVisible();
    expect(screen.queryByText('Welcome back, Priya Sharma!')).not.toBeInTheDocument();
  });

  it('still shows the dashboard when the flow status cannot be loaded', async () => {
    stubDashboardApi({ flow: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderRoute(PATH);

    expect(await screen.findByText('Welcome back, Priya Sharma!')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
